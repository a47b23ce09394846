import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRAND, type ShopBrand } from '@shop/shared/brand';
import { DEFAULT_SHIPPING_SETTINGS } from '@shop/shared/shipping-schemas';
import { aShop } from '../../test/commerce-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderPage } from '../../test/render-page';
import { settingsApi } from '../../features/settings/settings-api';
import { FestivalBanner } from './festival-banner';
import { Footer } from './footer';
import { Logo } from './logo';

const logo = (w: number, h: number) => `/uploads/brand/${'c'.repeat(32)}-${w}x${h}.webp`;

/** The components once the shop's settings (and so its brand) are in the store, as after GET /api/settings. */
function renderWith(brand: Partial<ShopBrand>, page = <Logo />, over: Parameters<typeof aShop>[0] = {}) {
  const { lowStockThreshold: _threshold, ...shop } = aShop({ ...DEFAULT_BRAND, ...brand, ...over });
  fakeApi({ 'GET /settings': { body: shop } });
  const rendered = renderPage(page, { path: '/', url: '/', elsewhere: ['/collections'] });
  act(() => {
    void rendered.store.dispatch(settingsApi.util.upsertQueryData('getShopSettings', undefined, shop));
  });
  return rendered;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the top bar’s logo', () => {
  it('is the wand and the demo name when no brand is served', () => {
    renderPage(<Logo />, { path: '/', url: '/' });
    expect(screen.getByRole('link', { name: 'Saree Pari' }).querySelector('svg')).not.toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the owner’s logo, sized before it loads, with the shop’s name beside it', async () => {
    renderWith({ shopName: 'Kamala Silks', logo: logo(120, 120) });
    const img = await screen.findByRole('img', { name: 'Kamala Silks' });
    expect(img.getAttribute('src')).toBe(logo(120, 120));
    expect(img.getAttribute('width')).toBe('40');
    expect(img.getAttribute('height')).toBe('40');
    const link = screen.getAllByRole('link', { name: 'Kamala Silks' })[0]!;
    expect(link.textContent).toContain('Kamala Silks');
  });

  it('lets a wide logo (a wordmark) stand alone', async () => {
    renderWith({ shopName: 'Kamala Silks', logo: logo(400, 100) });
    const img = await screen.findByRole('img', { name: 'Kamala Silks' });
    expect(img.getAttribute('width')).toBe('160');
    expect(img.closest('a')!.textContent).toBe('');
  });
});

describe('the footer', () => {
  it('shows the shop’s name and tagline and only the social links it has, with WhatsApp’s Chat with us', async () => {
    renderWith(
      {
        shopName: 'Kamala Silks',
        tagline: 'Silks from Kanchipuram',
        socialLinks: {
          instagram: 'https://www.instagram.com/kamala',
          facebook: null,
          youtube: 'https://www.youtube.com/@kamala',
          whatsapp: '919820012345',
        },
      },
      <Footer />,
    );
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: 'Kamala Silks on Instagram' })).toHaveProperty(
      'href',
      'https://www.instagram.com/kamala',
    );
    expect(within(footer).getByRole('link', { name: 'Kamala Silks on YouTube' })).toBeTruthy();
    expect(within(footer).queryByRole('link', { name: /on Facebook/ })).toBeNull();
    expect(within(footer).getByRole('link', { name: 'Chat with us' }).getAttribute('href')).toBe(
      'https://wa.me/919820012345',
    );
    expect(footer.textContent).toContain('Silks from Kanchipuram');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Kamala Silks`);
  });

  it('shows no social links and no WhatsApp when the shop has none', async () => {
    renderWith({}, <Footer />);
    const footer = screen.getByRole('contentinfo');
    await within(footer).findByRole('link', { name: 'hello@sareepari.example' });
    expect(within(footer).queryByRole('link', { name: /Saree Pari on/ })).toBeNull();
    expect(within(footer).queryByRole('link', { name: 'Chat with us' })).toBeNull();
  });
});

describe('the home banner', () => {
  it('is the festival sale, word for word, without settings', () => {
    renderPage(<FestivalBanner />, { path: '/', url: '/' });
    const banner = screen.getByRole('region', { name: 'Festival sale' });
    expect(banner.textContent).toContain('Festival Sale');
    expect(banner.textContent).toContain('Up to 70% OFF');
    expect(banner.textContent).toContain('Free Shipping on Orders Above ₹999 | Limited Time Offer');
    expect(banner.querySelector('img')).toBeNull();
    expect(within(banner).queryByRole('link')).toBeNull();
  });

  it('promises free shipping from the owner’s threshold, and none when there is none', async () => {
    const free = (freeAboveRupees: number | null) => ({ shipping: { ...DEFAULT_SHIPPING_SETTINGS, freeAboveRupees } });
    renderWith({}, <FestivalBanner />, free(1499));
    await vi.waitFor(() => expect(screen.getByRole('region', { name: 'Festival sale' }).textContent).toContain('Free Shipping on Orders Above ₹1,499'));
    cleanup();
    renderWith({}, <FestivalBanner />, free(null));
    await vi.waitFor(() => expect(screen.getByRole('region', { name: 'Festival sale' }).textContent).not.toContain('Free Shipping'));
  });

  it('shows the owner’s headline over the picture and leads to the link with Shop now', async () => {
    const { router } = renderWith(
      {
        banner: {
          image: '/uploads/banners/diwali.webp',
          headline: 'Wedding Season Edit',
          link: '/collections',
        },
      },
      <FestivalBanner />,
    );
    const banner = screen.getByRole('region', { name: 'Festival sale' });
    expect(await within(banner).findByText('Wedding Season Edit')).toBeTruthy();
    expect(banner.textContent).not.toContain('Up to 70% OFF');
    expect(banner.querySelector('img')!.getAttribute('src')).toBe('/uploads/banners/diwali.webp');
    within(banner).getByRole('link', { name: 'Shop now' }).click();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/collections'));
  });

  it('opens an https link as a plain link', async () => {
    renderWith(
      { banner: { image: null, headline: null, link: 'https://kamala.example/sale' } },
      <FestivalBanner />,
    );
    const banner = screen.getByRole('region', { name: 'Festival sale' });
    expect((await within(banner).findByRole('link', { name: 'Shop now' })).getAttribute('href')).toBe(
      'https://kamala.example/sale',
    );
    expect(banner.textContent).toContain('Up to 70% OFF');
  });
});

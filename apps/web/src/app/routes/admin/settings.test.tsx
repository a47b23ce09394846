import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopSettings } from '@shop/shared/settings';
import { aShop, aUser } from '../../../test/commerce-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderPage, signedInAs } from '../../../test/render-page';
import { selectShopSettings } from '../../../features/settings/settings-api';
import ShopSettingsPage from './settings';

const admin = aUser({ id: 1, role: 'admin', name: 'Admin' });
const settings: ShopSettings = aShop();

function renderSettings() {
  return renderPage(<ShopSettingsPage />, {
    path: '/admin/settings',
    url: '/admin/settings',
    state: signedInAs(admin),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the Shop Settings page', () => {
  it('shows every setting in titled sections, the low-stock threshold too', async () => {
    fakeApi({ 'GET /settings/admin': { body: settings }, 'GET /settings': { body: settings } });
    renderSettings();
    expect(await screen.findByLabelText('Legal name')).toHaveProperty('value', 'Saree Pari');
    for (const title of [
      'Your brand',
      'Social Links',
      'Home Banner',
      'Business Details',
      'Grievance Officer',
      'Customer Support',
      'Inventory',
    ]) {
      expect(screen.getByRole('region', { name: title })).toBeTruthy();
    }
    expect(screen.getByLabelText('State')).toHaveProperty('value', 'Maharashtra');
    expect(screen.getByLabelText('GSTIN')).toHaveProperty('value', '27AAAAA0000A1Z2');
    const grievance = screen.getByRole('region', { name: 'Grievance Officer' });
    expect(within(grievance).getByLabelText('Email')).toHaveProperty('value', 'grievance@sareepari.example');
    expect(screen.getByLabelText('Low-stock threshold')).toHaveProperty('value', '5');
  });

  it('says inline what is wrong with a GSTIN of another state and sends nothing', async () => {
    const { calls } = fakeApi({
      'GET /settings/admin': { body: settings },
      'GET /settings': { body: settings },
    });
    renderSettings();
    const user = userEvent.setup();
    const gstin = await screen.findByLabelText('GSTIN');
    await user.clear(gstin);
    await user.type(gstin, '29AAAAA0000A1ZY');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('A GSTIN of Maharashtra starts with 27')).toBeTruthy();
    expect(gstin.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('saves the whole record, says so in a toast, and the shop settings on show follow', async () => {
    const { calls } = fakeApi({
      'GET /settings/admin': { body: settings },
      'PUT /settings': (c) => ({ body: c.body }),
    });
    const { store } = renderSettings();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('State'), 'Karnataka');
    await user.clear(screen.getByLabelText('GSTIN'));
    await user.type(screen.getByLabelText('GSTIN'), '29aaaaa0000a1zy');
    await user.clear(screen.getByLabelText('Low-stock threshold'));
    await user.type(screen.getByLabelText('Low-stock threshold'), '8');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Shop settings saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      ...settings,
      state: 'Karnataka',
      gstin: '29AAAAA0000A1ZY',
      lowStockThreshold: 8,
    });
    await vi.waitFor(() =>
      expect(selectShopSettings(store.getState())).toMatchObject({
        state: 'Karnataka',
        gstin: '29AAAAA0000A1ZY',
      }),
    );
    expect(selectShopSettings(store.getState())).not.toHaveProperty('lowStockThreshold');
  });

  it('shows the server’s refusal as a toast and keeps what was typed', async () => {
    fakeApi({
      'GET /settings/admin': { body: settings },
      'PUT /settings': { status: 400, body: { message: 'Invalid email' } },
    });
    renderSettings();
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Legal name'));
    await user.type(screen.getByLabelText('Legal name'), 'Saree Pari LLP');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(screen.getByLabelText('Legal name')).toHaveProperty('value', 'Saree Pari LLP');
  });
});

describe('the Your brand section', () => {
  const kamalaLogo = `/uploads/brand/${'d'.repeat(32)}-240x80.webp`;

  afterEach(() => document.getElementById('shop-theme')?.remove());

  it('says inline, before saving, that a pale colour would be hard to read, and refuses to save it', async () => {
    const { calls } = fakeApi({
      'GET /settings/admin': { body: settings },
      'GET /settings': { body: settings },
    });
    renderSettings();
    const user = userEvent.setup();
    const hex = await screen.findByLabelText('Brand colour hex');
    expect(hex).toHaveProperty('value', '#7a1f2b');
    await user.clear(hex);
    await user.type(hex, '#f5d76e');
    const problem =
      /Text on this colour would be hard to read \(contrast 1\.\d:1, at least 4\.5:1 is needed\): choose a darker colour/;
    expect(await screen.findByText(problem)).toBeTruthy();
    expect(hex.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(problem)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('uploads a logo, saves the brand, and the top bar and the theme follow at once', async () => {
    const { calls } = fakeApi({
      'GET /settings/admin': { body: settings },
      'POST /settings/pictures': { body: { url: kamalaLogo } },
      'PUT /settings': (c) => ({ body: c.body }),
    });
    renderSettings();
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Shop name');
    await user.clear(name);
    await user.type(name, 'Kamala Silks');
    await user.upload(
      screen.getByLabelText('Upload Logo'),
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
    );
    expect((await screen.findByRole('img', { name: 'Logo preview' })).getAttribute('src')).toBe(kamalaLogo);
    const hex = screen.getByLabelText('Brand colour hex');
    await user.clear(hex);
    await user.type(hex, '#0f4c5c');
    await user.type(screen.getByLabelText('WhatsApp number'), '+91 98200 12345');
    await user.type(screen.getByLabelText('Banner headline'), 'Wedding Season Edit');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Shop settings saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      shopName: 'Kamala Silks',
      brandColor: '#0f4c5c',
      logo: kamalaLogo,
      favicon: null,
      socialLinks: { whatsapp: '919820012345', instagram: null },
      banner: { headline: 'Wedding Season Edit', image: null, link: null },
    });
    // The page's own top bar.
    const [topBarLogo] = await screen.findAllByRole('img', { name: 'Kamala Silks' });
    expect(topBarLogo!.getAttribute('src')).toBe(kamalaLogo);
    expect(document.getElementById('shop-theme')!.textContent).toContain('--color-maroon:#0f4c5c');
  });

  it('tells why an upload was refused', async () => {
    fakeApi({
      'GET /settings/admin': { body: settings },
      'GET /settings': { body: settings },
      'POST /settings/pictures': { status: 413, body: { message: 'The picture is larger than 2 MB' } },
    });
    renderSettings();
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText('Upload Logo'),
      new File(['x'], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('The picture is larger than 2 MB')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Logo preview' })).toBeNull();
  });

  it('takes the theme away again when the demo colour is saved', async () => {
    const style = document.createElement('style');
    style.id = 'shop-theme';
    document.head.append(style);
    fakeApi({
      'GET /settings/admin': { body: { ...settings, brandColor: '#0f4c5c' } },
      'GET /settings': { body: settings },
      'PUT /settings': (c) => ({ body: c.body }),
    });
    renderSettings();
    const user = userEvent.setup();
    const hex = await screen.findByLabelText('Brand colour hex');
    await user.clear(hex);
    await user.type(hex, '#7A1F2B');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Shop settings saved')).toBeTruthy();
    expect(document.getElementById('shop-theme')).toBeNull();
  });
});

describe('the footer', () => {
  it('reads Get In Touch from the shop settings: support contacts, the seller, its GSTIN and the grievance officer', async () => {
    fakeApi({
      'GET /settings/admin': { body: settings },
      'GET /settings': {
        body: {
          ...settings,
          supportEmail: 'care@kaveri.example',
          grievanceName: 'Lakshmi Rao',
          lowStockThreshold: undefined,
        },
      },
    });
    renderSettings();
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: 'care@kaveri.example' })).toHaveProperty(
      'href',
      'mailto:care@kaveri.example',
    );
    expect(within(footer).getByRole('link', { name: '+91 98200 12345' }).getAttribute('href')).toBe(
      'tel:+919820012345',
    );
    expect(footer.textContent).toContain('GSTIN 27AAAAA0000A1Z2');
    expect(footer.textContent).toContain('Grievance Officer: Lakshmi Rao, grievance@sareepari.example');
    expect(within(footer).getByRole('link', { name: 'care@kaveri.example' }).getAttribute('href')).toBe(
      'mailto:care@kaveri.example',
    );
  });
});

describe('Payments, Delivery and PIN codes', () => {
  it('saves the COD fee, limits and window as numbers, an empty limit as none, and the dispatch days chosen', async () => {
    const { calls } = fakeApi({
      'GET /settings/admin': { body: settings },
      'GET /delivery/pincode-rules': { body: { noDelivery: [], noCod: [] } },
      'PUT /settings': (c) => ({ body: c.body }),
    });
    renderSettings();
    const user = userEvent.setup();
    const fee = await screen.findByLabelText('COD fee (₹)');
    await user.clear(fee);
    await user.type(fee, '49');
    await user.type(screen.getByLabelText('Maximum order for COD (₹)'), '10000');
    await user.clear(screen.getByLabelText('Confirm COD orders within (hours)'));
    await user.type(screen.getByLabelText('Confirm COD orders within (hours)'), '24');
    await user.click(within(screen.getByRole('region', { name: 'Delivery' })).getByRole('checkbox', { name: 'Sun' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Shop settings saved')).toBeTruthy();
    const body = calls.find((c) => c.method === 'PUT')!.body as ShopSettings;
    expect(body.cod).toMatchObject({ feeRupees: 49, minOrderRupees: null, maxOrderRupees: 10000, confirmWithinHours: 24 });
    expect(body.delivery.dispatchDays).toEqual([0, ...settings.delivery.dispatchDays]);
  });

  it('refuses a maximum below the minimum, inline, and sends nothing', async () => {
    const { calls } = fakeApi({
      'GET /settings/admin': { body: settings },
      'GET /delivery/pincode-rules': { body: { noDelivery: [], noCod: [] } },
    });
    renderSettings();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Minimum order for COD (₹)'), '5000');
    await user.type(screen.getByLabelText('Maximum order for COD (₹)'), '4000');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Maximum COD order must be at least the minimum')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('reads a CSV’s first column into a PIN list and saves both lists', async () => {
    const { calls } = fakeApi({
      'GET /settings/admin': { body: settings },
      'GET /delivery/pincode-rules': { body: { noDelivery: ['7930'], noCod: [] } },
      'PUT /delivery/pincode-rules': (c) => ({ body: c.body }),
    });
    renderSettings();
    const user = userEvent.setup();
    expect(await screen.findByDisplayValue('7930')).toBe(screen.getByLabelText('No delivery to'));
    const csv = new File(['pincode,city\n793001,Shillong\n 110 001 ,Delhi\n\n'], 'cod-off.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Upload a CSV for No cash on delivery to'), csv);
    await waitFor(() => expect(screen.getByLabelText('No cash on delivery to')).toHaveProperty('value', '793001\n110001'));
    await user.click(screen.getByRole('button', { name: 'Save PIN lists' }));
    expect(await screen.findByText('PIN lists saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ noDelivery: ['7930'], noCod: ['793001', '110001'] });
  });
});

describe('Shipping and Couriers', () => {
  const saved = {
    enabled: true,
    email: 'api@sareepari.example',
    passwordSet: true,
    pickupLocation: 'Dadar shop',
    webhookToken: 'a'.repeat(32),
  };

  it('names the rates after the slab, refuses a rate that is not whole rupees, and saves the shipping rules', async () => {
    const { calls } = fakeApi({
      'GET /settings/admin': { body: settings },
      'PUT /settings': (c) => ({ body: c.body }),
    });
    renderSettings();
    const user = userEvent.setup();
    const shipping = within(await screen.findByRole('region', { name: 'Shipping' }));
    expect(shipping.getByLabelText('Free shipping above (₹)')).toHaveProperty('value', '999');
    expect(shipping.getByLabelText('First 500 g, Metro cities')).toHaveProperty('value', '0');
    expect(shipping.getByText(/L × B × H in cm ÷ 5000/)).toBeTruthy();

    const slab = shipping.getByLabelText('Weight slab (g)');
    await user.clear(slab);
    await user.type(slab, '1000');
    const metroFirst = shipping.getByLabelText('First 1 kg, Metro cities');
    await user.clear(metroFirst);
    await user.type(metroFirst, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await shipping.findByText('Metro cities: first slab: whole rupees')).toBeTruthy();
    expect(metroFirst.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(metroFirst);
    await user.type(metroFirst, '60');
    await user.clear(shipping.getByLabelText('Each further 1 kg, Metro cities'));
    await user.type(shipping.getByLabelText('Each further 1 kg, Metro cities'), '40');
    await user.clear(shipping.getByLabelText('First 1 kg, North-east, J&K, Ladakh and the islands'));
    await user.type(shipping.getByLabelText('First 1 kg, North-east, J&K, Ladakh and the islands'), '120');
    await user.clear(shipping.getByLabelText('Free shipping above (₹)'));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Shop settings saved')).toBeTruthy();
    const body = calls.find((c) => c.method === 'PUT')!.body as ShopSettings;
    expect(body.shipping).toEqual({
      freeAboveRupees: null,
      slabGrams: 1000,
      defaultWeightGrams: 500,
      rates: {
        local: { firstSlabRupees: 0, extraSlabRupees: 0 },
        state: { firstSlabRupees: 0, extraSlabRupees: 0 },
        metro: { firstSlabRupees: 60, extraSlabRupees: 40 },
        rest: { firstSlabRupees: 0, extraSlabRupees: 0 },
        remote: { firstSlabRupees: 120, extraSlabRupees: 0 },
      },
    });
  });

  it('keeps the saved Shiprocket password when its field is left blank', async () => {
    const { calls } = fakeApi({
      'GET /settings/admin': { body: settings },
      'GET /delivery/pincode-rules': { body: { noDelivery: [], noCod: [] } },
      'GET /shipping/couriers/shiprocket': { body: saved },
      'PUT /shipping/couriers/shiprocket': (c) => ({ body: { ...saved, ...(c.body as object), passwordSet: true } }),
    });
    renderSettings();
    const user = userEvent.setup();
    const couriers = within(await screen.findByRole('region', { name: 'Couriers' }));
    expect(couriers.getByText(/The manual courier always works/)).toBeTruthy();
    const pickup = couriers.getByLabelText('Pickup location');
    await waitFor(() => expect(pickup).toHaveProperty('value', 'Dadar shop'));
    const password = couriers.getByLabelText('API user password');
    expect(password).toHaveProperty('value', '');
    expect(password.getAttribute('placeholder')).toBe('Saved — leave blank to keep');
    expect(couriers.getByLabelText('Webhook URL')).toHaveProperty(
      'value',
      `${window.location.origin}/api/shipping/webhook/shiprocket`,
    );

    await user.clear(pickup);
    await user.type(pickup, 'Warehouse');
    await user.click(couriers.getByRole('button', { name: 'Save couriers' }));
    expect(await screen.findByText('Courier settings saved')).toBeTruthy();
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put.map((c) => c.url)).toEqual(['/shipping/couriers/shiprocket']);
    expect(put[0]!.body).toEqual({
      enabled: true,
      email: 'api@sareepari.example',
      pickupLocation: 'Warehouse',
      webhookToken: 'a'.repeat(32),
    });
  });

  it('asks for a password on the first save, and generates a random webhook token', async () => {
    const { calls } = fakeApi({
      'GET /settings/admin': { body: settings },
      'GET /delivery/pincode-rules': { body: { noDelivery: [], noCod: [] } },
      'GET /shipping/couriers/shiprocket': { body: null },
      'PUT /shipping/couriers/shiprocket': (c) => ({ body: { ...(c.body as object), password: undefined, passwordSet: true } }),
    });
    renderSettings();
    const user = userEvent.setup();
    const couriers = within(await screen.findByRole('region', { name: 'Couriers' }));
    expect(couriers.getByLabelText('API user password').getAttribute('placeholder')).toBeNull();
    await user.click(couriers.getByLabelText('Book parcels with Shiprocket'));
    await user.type(couriers.getByLabelText('Shiprocket API user email'), 'api@sareepari.example');
    await user.type(couriers.getByLabelText('Pickup location'), 'Dadar shop');
    const token = couriers.getByLabelText('Webhook token') as HTMLInputElement;
    await user.click(couriers.getByRole('button', { name: 'Generate' }));
    const first = token.value;
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await user.click(couriers.getByRole('button', { name: 'Generate' }));
    expect(token.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(token.value).not.toBe(first);

    await user.click(couriers.getByRole('button', { name: 'Save couriers' }));
    expect(await couriers.findByText('Enter the Shiprocket API user’s password')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(couriers.getByLabelText('API user password'), 's3cret-pass');
    await user.click(couriers.getByRole('button', { name: 'Save couriers' }));
    expect(await screen.findByText('Courier settings saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      enabled: true,
      email: 'api@sareepari.example',
      password: 's3cret-pass',
      pickupLocation: 'Dadar shop',
      webhookToken: token.value,
    });
    // Saved: the field is blank again, and says the password is kept.
    await waitFor(() =>
      expect(couriers.getByLabelText('API user password').getAttribute('placeholder')).toBe('Saved — leave blank to keep'),
    );
    expect(couriers.getByLabelText('API user password')).toHaveProperty('value', '');
  });
});

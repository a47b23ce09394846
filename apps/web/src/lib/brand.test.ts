import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND, type ShopBrand } from '@shop/shared/brand';
import { asBrand, readServedBrand } from './brand';

const kamala: ShopBrand = {
  shopName: 'Kamala Silks',
  tagline: 'Silks from Kanchipuram',
  brandColor: '#0f4c5c',
  logo: `/uploads/brand/${'b'.repeat(32)}-300x100.webp`,
  favicon: null,
  socialLinks: {
    instagram: 'https://www.instagram.com/kamala',
    facebook: null,
    youtube: null,
    whatsapp: '919820012345',
  },
  banner: { image: null, headline: 'Wedding Season Edit', link: '/collections' },
};

function serve(text: string) {
  const script = document.createElement('script');
  script.id = 'shop-brand';
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => document.getElementById('shop-brand')?.remove());

describe('the served brand', () => {
  it('is read from the page’s #shop-brand JSON', () => {
    serve(JSON.stringify(kamala));
    expect(readServedBrand()).toEqual(kamala);
  });

  it('is the demo shop’s when the page carries none (vite dev, tests)', () => {
    expect(readServedBrand()).toEqual(DEFAULT_BRAND);
  });

  it('is the demo shop’s when the JSON is broken or not a brand', () => {
    serve('{"shopName": "Kamala');
    expect(readServedBrand()).toEqual(DEFAULT_BRAND);
    document.getElementById('shop-brand')!.textContent = JSON.stringify({ ...kamala, brandColor: 'red' });
    expect(readServedBrand()).toEqual(DEFAULT_BRAND);
    document.getElementById('shop-brand')!.textContent = JSON.stringify({ ...kamala, socialLinks: null });
    expect(readServedBrand()).toEqual(DEFAULT_BRAND);
    document.getElementById('shop-brand')!.textContent = JSON.stringify({ ...kamala, logo: { src: 'x' } });
    expect(readServedBrand()).toEqual(DEFAULT_BRAND);
  });

  it('keeps only the brand’s own fields', () => {
    const brand = asBrand({
      ...kamala,
      legalName: 'Kamala Silks LLP',
      banner: { ...kamala.banner, extra: 1 },
    });
    expect(brand).toEqual(kamala);
  });

  it('is not read from settings that have no brand yet', () => {
    expect(asBrand({ legalName: 'Saree Pari' })).toBeUndefined();
    expect(asBrand(undefined)).toBeUndefined();
  });
});

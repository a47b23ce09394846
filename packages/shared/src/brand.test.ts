import { describe, expect, it } from 'vitest';
import {
  brandColorProblem,
  brandIcon,
  brandPictureAspect,
  brandPictureBase,
  brandPng,
  contrastRatio,
  DEFAULT_BRAND_COLOR,
  themeShades,
  themeStyle,
  whatsappLink,
} from './brand.ts';
import { shopSettingsBodySchema, socialLinksSchema } from './settings.ts';

const LOGO = `/uploads/brand/${'0a'.repeat(16)}-600x200.webp`;

describe('the brand colour', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // WCAG's own example pair: #767676 on white is the lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('takes the demo maroon and a dark blue, and refuses a gold that white text cannot be read on', () => {
    expect(brandColorProblem(DEFAULT_BRAND_COLOR)).toBeUndefined();
    expect(brandColorProblem('#1d4e89')).toBeUndefined();
    expect(brandColorProblem('#727272')).toBeUndefined();
    // Readable white text on it (4.54:1), but as a link on the ivory page it is not.
    expect(brandColorProblem('#767676')).toBe(
      'Text on this colour would be hard to read (contrast 4.2:1, at least 4.5:1 is needed): choose a darker colour',
    );
    // The figure is rounded down, so a colour just short of the limit never reads as passing.
    expect(brandColorProblem('#737373')).toMatch(/\(contrast 4\.4:1,/);
    expect(brandColorProblem('#e0a526')).toMatch(
      /^Text on this colour would be hard to read \(contrast 2\.\d:1/,
    );
  });

  it('derives a darker hover shade and a lighter one, and writes them as the theme’s custom properties', () => {
    const s = themeShades('#1d4e89');
    expect(s.base).toBe('#1d4e89');
    expect(contrastRatio(s.dark, '#ffffff')).toBeGreaterThan(contrastRatio(s.base, '#ffffff'));
    expect(contrastRatio(s.light, '#ffffff')).toBeLessThan(contrastRatio(s.base, '#ffffff'));
    expect(themeStyle('#1d4e89')).toBe(
      `:root{--color-maroon:#1d4e89;--color-maroon-dark:${s.dark};--color-maroon-light:${s.light}}`,
    );
  });
});

describe('brand pictures', () => {
  it('names the PNG and the icons beside the logo, and reads its shape from its name, in a bucket too', () => {
    expect(brandPng(LOGO)).toBe(LOGO.replace('.webp', '.png'));
    expect(brandIcon(LOGO, 192)).toBe(LOGO.replace('.webp', '-icon-192.png'));
    expect(brandPictureBase(LOGO)).toBe(`brand/${'0a'.repeat(16)}-600x200`);
    expect(brandPictureAspect(LOGO)).toBe(3);
    expect(brandPictureAspect(`https://pictures.example.in/brand/${'0a'.repeat(16)}-40x80.webp`)).toBe(0.5);
    expect(brandPictureAspect('/uploads/something-else.webp')).toBe(1);
  });
});

describe('the social links and the WhatsApp number', () => {
  it('keeps a WhatsApp number as wa.me takes it, and empty links as none', () => {
    expect(
      socialLinksSchema.parse({ instagram: '', facebook: ' ', youtube: null, whatsapp: '+91 98200-12345' }),
    ).toEqual({
      instagram: null,
      facebook: null,
      youtube: null,
      whatsapp: '919820012345',
    });
    expect(whatsappLink('919820012345', 'Hello')).toBe('https://wa.me/919820012345?text=Hello');
  });

  it('lets a body leave the brand out, as the admin client before it did', () => {
    const body = {
      legalName: 'Kanchi Silks LLP',
      address: '1 Gandhi Road, Kanchipuram 631501',
      state: 'Tamil Nadu',
      gstin: '',
      grievanceName: 'R. Meena',
      grievanceEmail: 'grievance@kanchi.example',
      supportPhone: '+91 44 2722 0000',
      supportEmail: 'care@kanchi.example',
      lowStockThreshold: 3,
    };
    const parsed = shopSettingsBodySchema.parse(body);
    expect(parsed.shopName).toBeUndefined();
    expect(parsed.logo).toBeUndefined();
    expect(shopSettingsBodySchema.parse({ ...body, logo: LOGO, brandColor: '#1D4E89' })).toMatchObject({
      logo: LOGO,
      brandColor: '#1d4e89',
    });
  });
});

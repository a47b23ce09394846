import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND, type ShopSettings, DEFAULT_COD_SETTINGS, DEFAULT_DELIVERY_SETTINGS, DEFAULT_SHIPPING_SETTINGS, DEFAULT_RETURN_RULES } from '@shop/shared';
import { createTestApp, signedIn, type TestApp } from '../../test/app.ts';
import { parseEnv } from '../env.ts';
import { ensureShopSettings, getShopSettings } from '../modules/settings/settings.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SHOP_LEGAL_NAME: 'Kaveri Weaves Private Limited',
    SHOP_ADDRESS: '45 Commercial Street, Bengaluru 560001',
    SHOP_STATE: 'Karnataka',
    SHOP_GSTIN: '29aaaaa0000a1zy',
    SHOP_GRIEVANCE_NAME: 'Lakshmi Rao',
    SHOP_GRIEVANCE_EMAIL: 'grievance@kaveri.example',
    SHOP_SUPPORT_PHONE: '+91 80 4100 2000',
    SHOP_SUPPORT_EMAIL: 'care@kaveri.example',
    SHOP_NAME: 'Kaveri Weaves',
    SHOP_BRAND_COLOR: '#1D4E89',
    SHOP_WHATSAPP: '+91 98450 12345',
  });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const kaveri: ShopSettings = {
  legalName: 'Kaveri Weaves Private Limited',
  address: '45 Commercial Street, Bengaluru 560001',
  state: 'Karnataka',
  gstin: '29AAAAA0000A1ZY',
  grievanceName: 'Lakshmi Rao',
  grievanceEmail: 'grievance@kaveri.example',
  supportPhone: '+91 80 4100 2000',
  supportEmail: 'care@kaveri.example',
  lowStockThreshold: 5,
  shopName: 'Kaveri Weaves',
  tagline: DEFAULT_BRAND.tagline,
  brandColor: '#1d4e89',
  logo: null,
  favicon: null,
  socialLinks: { instagram: null, facebook: null, youtube: null, whatsapp: '919845012345' },
  banner: { image: null, headline: null, link: null },
  cod: DEFAULT_COD_SETTINGS,
  delivery: { ...DEFAULT_DELIVERY_SETTINGS, originPin: '400050' },
  shipping: DEFAULT_SHIPPING_SETTINGS,
  returns: DEFAULT_RETURN_RULES,
  reviewsNeedApproval: false,
};
const put = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

describe('the first start', () => {
  it('takes the shop settings from SHOP_*, the GSTIN upper-cased, and shows everyone all but the low-stock threshold', async () => {
    const res = await t.app.inject({ url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    const { lowStockThreshold: _, reviewsNeedApproval: __, ...publicFields } = kaveri;
    expect(res.json()).toEqual(publicFields);
  });

  it('leaves settings the admin saved as they are when the shop starts again with other SHOP_* values', async () => {
    const { cookie } = await signedIn(t.app, t.db, 'admin');
    expect((await put({ ...kaveri, legalName: 'Kaveri Weaves LLP' }, cookie)).statusCode).toBe(200);
    await ensureShopSettings(t.db, parseEnv({ NODE_ENV: 'test', SHOP_LEGAL_NAME: 'Someone Else' }).shop);
    expect((await getShopSettings(t.db)).legalName).toBe('Kaveri Weaves LLP');
  });
});

describe('the configuration', () => {
  it('starts the demo shop in Maharashtra with the contact details of today and a demo GSTIN', () => {
    const shop = parseEnv({ NODE_ENV: 'development' }).shop;
    expect(shop).toMatchObject({
      legalName: 'Saree Pari',
      state: 'Maharashtra',
      gstin: '27AAAAA0000A1Z2',
      supportPhone: '+91 98200 12345',
      lowStockThreshold: 5,
    });
  });

  it('gives a production shop without SHOP_GSTIN no GSTIN rather than the demo one', () => {
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.in' }).shop.gstin).toBe('');
  });

  it('refuses to start with a GSTIN of another state, naming the variable', () => {
    expect(() => parseEnv({ SHOP_STATE: 'Tamil Nadu', SHOP_GSTIN: '27AAAAA0000A1Z2' })).toThrow(
      'Invalid configuration: SHOP_GSTIN: A GSTIN of Tamil Nadu starts with 33',
    );
    expect(() => parseEnv({ SHOP_STATE: 'Bombay' })).toThrow(
      'Invalid configuration: SHOP_STATE: Choose a state or union territory',
    );
  });
});

describe('GET /api/settings/admin and PUT /api/settings', () => {
  it('let the admin read every setting and replace them, and every reader sees the change at once', async () => {
    const { cookie } = await signedIn(t.app, t.db, 'admin');
    const admin = await t.app.inject({ url: '/api/settings/admin', headers: { cookie } });
    expect(admin.json()).toEqual(kaveri);
    const next = { ...kaveri, legalName: 'Kaveri Weaves LLP', gstin: '', lowStockThreshold: 12 };
    const res = await put(next, cookie);
    expect([res.statusCode, res.json()]).toEqual([200, next]);
    expect((await t.app.inject({ url: '/api/settings' })).json()).toMatchObject({
      legalName: 'Kaveri Weaves LLP',
      gstin: '',
    });
    expect(await getShopSettings(t.db)).toEqual(next);
  });

  it('refuses a GSTIN with a wrong check character with its message, changing nothing', async () => {
    const { cookie } = await signedIn(t.app, t.db, 'admin');
    const res = await put({ ...kaveri, gstin: '29AAAAA0000A1ZX' }, cookie);
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: 'The GSTIN’s check character does not match: please look for a typo' },
    ]);
    expect(await getShopSettings(t.db)).toEqual(kaveri);
  });

  it('refuses a shopper and a visitor', async () => {
    const { cookie } = await signedIn(t.app, t.db);
    expect((await put(kaveri, cookie)).statusCode).toBe(403);
    expect((await put(kaveri)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/settings/admin', headers: { cookie } })).statusCode).toBe(403);
  });
});

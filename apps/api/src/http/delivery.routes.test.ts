import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_COD_SETTINGS, DEFAULT_DELIVERY_SETTINGS, indiaDate, PIN_MESSAGE, PIN_PREFIX_MESSAGE, type Address } from '@shop/shared';
import { createTestApp, signedIn, type TestApp } from '../../test/app.ts';
import { pincodeRules } from '../modules/delivery/delivery.table.ts';
import { deliveryProblem, getPincodeRules, pinMatches, replacePincodeRules } from '../modules/delivery/delivery.service.ts';
import { estimateDelivery } from '../modules/delivery/estimate.ts';
import { lookupPin } from '../modules/delivery/pin-directory.ts';
import { shopSettings } from '../modules/settings/settings.table.ts';
import { users } from '../modules/users/users.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const staffCookie = async () => (await signedIn(t.app, t.db, 'staff')).cookie;
const rulesOf = async () => getPincodeRules(t.db);
const importCsv = (csv: string | Buffer, list: string, cookie: string, type = 'text/csv') =>
  t.app.inject({ method: 'POST', url: `/api/delivery/pincode-rules/import?list=${list}`, headers: { cookie, 'content-type': type }, payload: csv });

describe('GET /api/pincodes/:pin', () => {
  it('answers a PIN with its district, state, cash on delivery and the dates, for anyone', async () => {
    await t.db.update(shopSettings).set({ delivery: { ...DEFAULT_DELIVERY_SETTINGS, originPin: '400050' } }).where(eq(shopSettings.id, 1));
    const today = indiaDate();
    const res = await t.app.inject({ url: '/api/pincodes/400001' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const { from, to } = estimateDelivery(lookupPin('400001')!, lookupPin('400050'), DEFAULT_DELIVERY_SETTINGS, today);
    expect(res.json()).toEqual({ pin: '400001', district: 'Mumbai', state: 'Maharashtra', deliverable: true, cod: true, estimatedDelivery: { from, to } });
  });

  it('reads spaces inside the PIN as the same PIN', async () => {
    const res = await t.app.inject({ url: '/api/pincodes/400%20050' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pin: '400050', district: 'Mumbai Suburban', state: 'Maharashtra' });
  });

  it('answers 400 for a malformed PIN and 404 for one India Post does not list', async () => {
    for (const pin of ['40005', '040005', 'abcdef', '4000501', '%3Cscript%3E']) {
      const res = await t.app.inject({ url: `/api/pincodes/${pin}` });
      expect([res.statusCode, res.json()], pin).toEqual([400, { message: PIN_MESSAGE }]);
    }
    const res = await t.app.inject({ url: '/api/pincodes/123456' });
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'PIN code 123456 does not exist' }]);
  });

  it('says where the shop does not deliver or takes no cash, and when the shop takes no cash at all', async () => {
    await replacePincodeRules(t.db, { noDelivery: ['7930'], noCod: ['110001', '4000'] });
    expect((await t.app.inject({ url: '/api/pincodes/793001' })).json()).toMatchObject({ deliverable: false, cod: false, estimatedDelivery: null });
    expect((await t.app.inject({ url: '/api/pincodes/110001' })).json()).toMatchObject({ deliverable: true, cod: false });
    expect((await t.app.inject({ url: '/api/pincodes/400050' })).json()).toMatchObject({ deliverable: true, cod: false });
    expect((await t.app.inject({ url: '/api/pincodes/560001' })).json()).toMatchObject({ deliverable: true, cod: true });
    await t.db.update(shopSettings).set({ cod: { ...DEFAULT_COD_SETTINGS, enabled: false } }).where(eq(shopSettings.id, 1));
    expect((await t.app.inject({ url: '/api/pincodes/560001' })).json()).toMatchObject({ deliverable: true, cod: false });
  });
});

describe('the PIN lists', () => {
  it('are replaced whole by PUT, deduplicated and sorted, and read back by GET', async () => {
    const cookie = await staffCookie();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/delivery/pincode-rules',
      headers: { cookie },
      payload: { noDelivery: ['793 001', '7930', '1', '7930'], noCod: ['744'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ noDelivery: ['1', '7930', '793001'], noCod: ['744'] });
    const again = await t.app.inject({ method: 'PUT', url: '/api/delivery/pincode-rules', headers: { cookie }, payload: { noDelivery: [], noCod: ['400050'] } });
    expect(again.json()).toEqual({ noDelivery: [], noCod: ['400050'] });
    const get = await t.app.inject({ url: '/api/delivery/pincode-rules', headers: { cookie } });
    expect([get.statusCode, get.json()]).toEqual([200, { noDelivery: [], noCod: ['400050'] }]);
  });

  it('refuses a bad entry with the form’s message and changes nothing', async () => {
    const cookie = await staffCookie();
    await replacePincodeRules(t.db, { noDelivery: ['793'], noCod: [] });
    for (const bad of ['0123', '1234567', 'abc', '']) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/delivery/pincode-rules', headers: { cookie }, payload: { noDelivery: ['110', bad], noCod: [] } });
      expect([res.statusCode, res.json()], bad).toEqual([400, { message: PIN_PREFIX_MESSAGE }]);
    }
    expect(await rulesOf()).toEqual({ noDelivery: ['793'], noCod: [] });
  });

  it('are the staff’s and the owner’s: a shopper is refused, a visitor asked to sign in', async () => {
    const shopper = await signedIn(t.app, t.db);
    expect((await t.app.inject({ url: '/api/delivery/pincode-rules', headers: { cookie: shopper.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/delivery/pincode-rules' })).statusCode).toBe(401);
    expect((await importCsv('110001\n', 'noCod', shopper.cookie)).statusCode).toBe(403);
    expect(await rulesOf()).toEqual({ noDelivery: [], noCod: [] });
  });

  it('match a PIN by prefix', () => {
    expect(pinMatches(['7930', '110001'], '793001')).toBe(true);
    expect(pinMatches(['7930', '110001'], '110001')).toBe(true);
    expect(pinMatches(['7930', '110001'], '110002')).toBe(false);
    expect(pinMatches([], '110002')).toBe(false);
  });
});

describe('POST /api/delivery/pincode-rules/import', () => {
  it('replaces one list from a CSV with a header, blank lines, extra columns and spaces, leaving the other list', async () => {
    const cookie = await staffCookie();
    await replacePincodeRules(t.db, { noDelivery: ['793'], noCod: ['1'] });
    const csv = '\uFEFFPincode,City\r\n400050,Mumbai\r\n\r\n"110 001",Delhi\r\n  7440 ,\r\n,\r\n400050,again\r\n';
    const res = await importCsv(csv, 'noCod', cookie);
    expect([res.statusCode, res.json()]).toEqual([200, { imported: 3, rules: { noDelivery: ['793'], noCod: ['110001', '400050', '7440'] } }]);
    expect(await rulesOf()).toEqual({ noDelivery: ['793'], noCod: ['110001', '400050', '7440'] });
  });

  it('takes one PIN a line, as Shopify’s COD apps export them, as text/plain too', async () => {
    const cookie = await staffCookie();
    const res = await importCsv('793001\n793002\n744101\n', 'noDelivery', cookie, 'text/plain; charset=utf-8');
    expect(res.json()).toEqual({ imported: 3, rules: { noDelivery: ['744101', '793001', '793002'], noCod: [] } });
  });

  it('refuses a file with any bad line, naming the lines, and changes nothing', async () => {
    const cookie = await staffCookie();
    await replacePincodeRules(t.db, { noDelivery: [], noCod: ['1'] });
    const res = await importCsv('pin\n400050\n040005\n110001\nBandra\n', 'noCod', cookie);
    expect([res.statusCode, res.json()]).toEqual([400, { message: `Lines 3, 5: ${PIN_PREFIX_MESSAGE}` }]);
    const one = await importCsv('400050\n1234567\n', 'noCod', cookie);
    expect(one.json()).toEqual({ message: `Line 2: ${PIN_PREFIX_MESSAGE}` });
    const quote = await importCsv('400050\n"110001\n', 'noCod', cookie);
    expect(quote.statusCode).toBe(400);
    expect(quote.json<{ message: string }>().message).toMatch(/not valid CSV/);
    const notUtf8 = await importCsv(Buffer.from([0x34, 0x30, 0x0a, 0xff, 0xfe, 0x0a]), 'noCod', cookie);
    expect([notUtf8.statusCode, notUtf8.json()]).toEqual([400, { message: 'Line 2 is not UTF-8 text: save the file as CSV UTF-8' }]);
    expect(await rulesOf()).toEqual({ noDelivery: [], noCod: ['1'] });
  });

  it('refuses an unknown list, an empty body or a body of another kind', async () => {
    const cookie = await staffCookie();
    expect((await importCsv('110001\n', 'everything', cookie)).json()).toEqual({ message: 'list must be noDelivery or noCod' });
    expect((await importCsv('', 'noCod', cookie)).statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/delivery/pincode-rules/import?list=noCod', headers: { cookie }, payload: { pins: ['110001'] } });
    expect([json.statusCode, json.json()]).toEqual([400, { message: 'Send the CSV as the body, with Content-Type: text/csv' }]);
    const form = await t.app.inject({ method: 'POST', url: '/api/delivery/pincode-rules/import?list=noCod', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'pins=110001' });
    expect([form.statusCode, form.json()]).toEqual([400, { message: 'Send the CSV as the body, with Content-Type: text/csv' }]);
    expect(await rulesOf()).toEqual({ noDelivery: [], noCod: [] });
  });

  it('refuses a file with no PIN in it, keeping the list', async () => {
    const cookie = await staffCookie();
    await replacePincodeRules(t.db, { noDelivery: ['793'], noCod: [] });
    for (const csv of ['pincode\n', 'hello', '\n\n,\n'])
      expect((await importCsv(csv, 'noDelivery', cookie)).json(), csv).toEqual({ message: 'The file lists no PIN code or prefix' });
    expect(await t.db.select().from(pincodeRules)).toEqual([{ list: 'no_delivery', prefix: '793' }]);
  });
});

describe('deliveryProblem', () => {
  const at = (pinCode: string, state: string) => ({ pinCode, state });

  it('accepts a PIN in the address’s state, the state typed as people type it', async () => {
    for (const [pin, state] of [['400050', 'Maharashtra'], ['400 050', ' maharashtra '], ['400050', 'MH'], ['751001', 'Orissa'], ['110001', 'New Delhi']])
      expect(await deliveryProblem(t.db, at(pin!, state!), 'cash'), `${pin} ${state}`).toBeNull();
  });

  it('refuses a malformed or unknown PIN, a state that is none, and a PIN of another state', async () => {
    expect(await deliveryProblem(t.db, at('40005', 'Maharashtra'), 'card')).toBe(PIN_MESSAGE);
    expect(await deliveryProblem(t.db, at('123456', 'Maharashtra'), 'card')).toBe('PIN code 123456 does not exist');
    expect(await deliveryProblem(t.db, at('400050', 'Bombay Presidency'), 'card')).toBe('Choose a state or union territory');
    expect(await deliveryProblem(t.db, at('400050', 'Karnataka'), 'card')).toBe('PIN code 400050 is in Maharashtra, not Karnataka');
  });

  it('refuses a PIN the shop does not deliver to, and cash where it takes none', async () => {
    await replacePincodeRules(t.db, { noDelivery: ['7930'], noCod: ['4000'] });
    expect(await deliveryProblem(t.db, at('793001', 'Meghalaya'), 'card')).toBe('We do not deliver to PIN code 793001');
    expect(await deliveryProblem(t.db, at('400050', 'Maharashtra'), 'cash')).toBe('Cash on delivery is not available for PIN code 400050');
    expect(await deliveryProblem(t.db, at('400050', 'Maharashtra'), 'card')).toBeNull();
  });
});

describe('a saved address', () => {
  const home: Address = { name: 'Asha Rao', email: 'asha@example.com', phone: '9820012345', street: '4 Carter Road', city: 'Mumbai', state: 'Maharashtra', pinCode: '400050' };
  const save = async (addresses: object[]) => {
    const { user, cookie } = await signedIn(t.app, t.db);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: { cookie }, payload: { addresses } });
    const [row] = await t.db.select({ addresses: users.addresses }).from(users).where(eq(users.id, user.id));
    return { res, saved: row!.addresses };
  };

  it('is refused with 400 when its PIN does not exist, its state is none, or its PIN is in another state, and nothing is saved', async () => {
    for (const [address, message] of [
      [{ ...home, pinCode: '4000' }, PIN_MESSAGE],
      [{ ...home, pinCode: '123456' }, 'PIN code 123456 does not exist'],
      [{ ...home, state: 'Bombay Presidency' }, 'Choose a state or union territory'],
      [{ ...home, state: 'Karnataka' }, 'PIN code 400050 is in Maharashtra, not Karnataka'],
    ] as const) {
      const { res, saved } = await save([home, address]);
      expect([res.statusCode, res.json()], JSON.stringify(address)).toEqual([400, { message }]);
      expect(saved).toEqual([]);
    }
  });

  it('saved before the rule stays when the profile is edited, and a new one is checked', async () => {
    const { user, cookie } = await signedIn(t.app, t.db);
    const old = { ...home, state: 'Karnataka' };
    await t.db.update(users).set({ addresses: [old] }).where(eq(users.id, user.id));
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: { cookie }, payload: { name: 'Asha R', addresses: [old] } });
    expect(edit.statusCode, edit.body).toBe(200);
    const added = await t.app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: { cookie }, payload: { addresses: [old, { ...old, street: '5 Carter Road' }] } });
    expect([added.statusCode, added.json()]).toEqual([400, { message: 'PIN code 400050 is in Maharashtra, not Karnataka' }]);
  });

  it('is saved where the shop does not deliver today, and with the state as the original client types it', async () => {
    await replacePincodeRules(t.db, { noDelivery: ['400'], noCod: ['400'] });
    const typed = [home, { ...home, state: 'maharashtra ' }, { ...home, state: 'MH', pinCode: '400 050' }, { ...home, state: 'Odisha', pinCode: '751001' }];
    const { res, saved } = await save(typed);
    expect(res.statusCode, res.body).toBe(200);
    expect(saved).toHaveLength(4);
  });
});

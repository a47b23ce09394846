import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { shopper } from '../../../test/commerce.ts';
import { brands, categories } from './catalog.table.ts';

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = (await shopper(t.db, 'admin')).cookie;
  user = (await shopper(t.db, 'user')).cookie;
});

const groups = [
  { path: '/api/brands', table: brands, duplicate: 'Brand already exists', names: ['Rangrez Jaipur', 'kanchi Silk Weavers', 'Bengal Tant Ghar'] },
  { path: '/api/category', table: categories, duplicate: 'Category already exists', names: ['Silk Sarees', 'dupattas', 'Kurtis'] },
];

describe.each(groups)('$path', ({ path, table, duplicate, names }) => {
  const add = (payload: unknown, cookie: string | null = admin) =>
    t.app.inject({ method: 'POST', url: path, payload: payload as object, headers: cookie ? { cookie } : {} });

  it('adds an option with label and value both set to the entered name, trimmed', async () => {
    const res = await add({ label: `  ${names[0]}  ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), label: names[0], value: names[0] });
  });

  it('keeps a value given apart from the label', async () => {
    const res = await add({ label: names[1], value: ' custom-value ' });
    expect(res.json()).toEqual({ id: expect.any(Number), label: names[1], value: 'custom-value' });
  });

  it('lists every option sorted by label, whatever the letter case, to anyone', async () => {
    for (const label of names) expect((await add({ label })).statusCode).toBe(201);
    const res = await t.app.inject(path);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { label: string }) => o.label)).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await t.app.inject(`${path}/`)).json()).toEqual(res.json());
  });

  it(`refuses a duplicate value in any letter case with 409`, async () => {
    await add({ label: names[0] });
    const again = await add({ label: names[0]!.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: duplicate });
    expect(await t.db.$count(table)).toBe(1);
  });

  it('lets only one of two racing identical adds in', async () => {
    const codes = (await Promise.all([add({ label: names[2] }), add({ label: names[2] })])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
  });

  it('answers 400 Name is required for an empty name', async () => {
    for (const payload of [{ label: '   ' }, {}, { label: 5 }]) {
      const res = await add(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Name is required' });
    }
    expect((await add({ label: 'x'.repeat(101) })).json()).toEqual({ message: 'Name is too long' });
  });

  it('refuses visitors with 401 and shoppers with 403', async () => {
    expect((await add({ label: 'Sneaky' }, null)).statusCode).toBe(401);
    expect((await add({ label: 'Sneaky' }, user)).statusCode).toBe(403);
    expect(await t.db.$count(table)).toBe(0);
  });
});

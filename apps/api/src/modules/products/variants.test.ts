import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartItem, Order, Product } from '@shop/shared';
import type { Database, Db } from '../../db/client.ts';
import { testDatabaseUrl } from '../../../test/database-url.ts';
import { twoHostsOnPostgres, type ServerProcess, type TwoHosts } from '../../../test/security/servers.ts';
import { createTestApp, testDbKind, type TestApp } from '../../../test/app.ts';
import { orderPayload, shopper } from '../../../test/commerce.ts';
import { checkInvariants, stockByProduct } from '../../../test/security/invariants.ts';
import { cartItems } from '../cart/cart.table.ts';
import { shopSettings } from '../settings/settings.table.ts';
import { lowStockAlerts, products, productVariants } from './products.table.ts';

// Issue 28's measure: a kurti in red and blue, M and L, with stocks 1, 0, 3, 2.
const RED = '#aa2233';
const BLUE = '#1f3a93';
const kurti = {
  title: 'Block Print Kurti',
  description: 'Hand block printed cotton from Sanganer.',
  brand: 'Sanganer Prints',
  category: 'Kurtis',
  price: 1499,
  discountPercentage: 10,
  highlights: ['Pure cotton'],
  thumbnail: 'https://example.com/kurti.webp',
  images: ['https://example.com/kurti.webp'],
  variants: [
    { color: RED, size: 'M', sku: 'KUR-RED-M', price: null, stock: 1 },
    { color: RED, size: 'L', sku: 'KUR-RED-L', price: null, stock: 0 },
    { color: BLUE, size: 'M', sku: 'KUR-BLU-M', price: null, stock: 3 },
    { color: BLUE, size: 'L', sku: 'KUR-BLU-L', price: 1699, stock: 2 },
  ],
  colorImages: [{ color: BLUE, images: ['https://example.com/blue-1.webp', 'https://example.com/blue-2.webp'] }],
  details: { fabric: 'Cotton', occasion: 'Daily wear', washCare: 'Machine wash cold' },
};

async function createKurti(app: TestApp['app'], admin: string): Promise<Product> {
  const res = await app.inject({ method: 'POST', url: '/api/products', headers: { cookie: admin }, payload: kurti });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Product>();
}

const variantOf = (p: Product, color: string, size: string) => p.variants.find((v) => v.color === color && v.size === size)!;

async function variantStock(db: Db, productId: number) {
  const rows = await db
    .select({ color: productVariants.color, size: productVariants.size, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.position);
  const [product] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return { product: product!.stock, variants: rows.map((r) => `${r.color} ${r.size}: ${r.stock}`) };
}

describe('a product with stock per colour and size', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    admin = (await shopper(t.db, 'admin')).cookie;
  });

  it('keeps the original fields: stock is the sum, colours and sizes are what the variants use', async () => {
    const created = await createKurti(t.app, admin);
    const read = (await t.app.inject(`/api/products/${created.id}`)).json<Product>();
    for (const p of [created, read]) {
      expect(p.stock).toBe(6);
      expect(p.colors).toEqual([RED, BLUE]);
      expect(p.sizes).toEqual([38, 40]);
      expect(p.sizeLabels).toEqual(['M', 'L']);
      expect(p.variants.map((v) => [v.sku, v.color, v.size, v.stock, v.price, v.discountedPrice])).toEqual([
        ['KUR-RED-M', RED, 'M', 1, null, 1349],
        ['KUR-RED-L', RED, 'L', 0, null, 1349],
        ['KUR-BLU-M', BLUE, 'M', 3, null, 1349],
        ['KUR-BLU-L', BLUE, 'L', 2, 1699, 1529],
      ]);
      expect(p.colorImages).toEqual(kurti.colorImages);
      expect(p.details).toMatchObject({ fabric: 'Cotton', occasion: 'Daily wear', lengthMetres: null, blousePiece: null });
    }
    // Its page declares the packer: the shop itself until the product names one.
    const settings = (await t.db.select().from(shopSettings))[0]!;
    expect(read.packer).toBe(`${settings.legalName}, ${settings.address}`);
    expect(read.lowStockThreshold).toBe(settings.lowStockThreshold);
    await t.app.inject({ method: 'PATCH', url: `/api/products/${created.id}`, headers: { cookie: admin }, payload: { details: { manufacturer: 'Rangrez Textiles, Bagru, Rajasthan' } } });
    expect((await t.app.inject(`/api/products/${created.id}`)).json<Product>().packer).toBe('Rangrez Textiles, Bagru, Rajasthan');
    const listed = (await t.app.inject('/api/products?fabric=cotton')).json<{ products: Product[]; totalProducts: number }>();
    expect(listed.totalProducts).toBe(1);
    expect(listed.products[0]!.variants).toHaveLength(4);
    expect((await t.app.inject('/api/products?occasion=Wedding')).json()).toEqual({ products: [], totalProducts: 0 });
    expect((await t.app.inject('/api/product-facets')).json()).toEqual({ fabrics: ['Cotton'], occasions: ['Daily wear'] });
  });

  it('refuses a sold-out variant (409) and a colour × size it does not sell (400); the cart line carries its variant', async () => {
    const p = await createKurti(t.app, admin);
    const buyer = await shopper(t.db);
    const add = (body: object) => t.app.inject({ method: 'POST', url: '/api/cart', headers: { cookie: buyer.cookie }, payload: { product: p.id, quantity: 1, ...body } });
    const soldOut = await add({ color: RED, size: 40 });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toEqual({ message: 'Block Print Kurti is out of stock' });
    expect((await add({ color: RED, size: 44 })).statusCode).toBe(400);
    expect((await add({ color: BLUE, size: 38, variant: variantOf(p, RED, 'M').id })).statusCode).toBe(400);
    expect((await add({ color: BLUE, size: 40, quantity: 3 })).statusCode).toBe(409);
    const added = await add({ color: BLUE, size: 40, quantity: 2 });
    expect(added.statusCode, added.body).toBe(201);
    const line = added.json<CartItem>();
    expect(line.variant).toEqual({ id: variantOf(p, BLUE, 'L').id, sku: 'KUR-BLU-L', color: BLUE, size: 'L' });
    expect(line.product).toMatchObject({ stock: 2, price: 1699, discountedPrice: 1529, thumbnail: 'https://example.com/blue-1.webp' });
    const cart = (await t.app.inject({ url: '/api/cart', headers: { cookie: buyer.cookie } })).json<CartItem[]>();
    expect(cart.map((c) => c.variant?.sku)).toEqual(['KUR-BLU-L']);
  });

  it('sells the other variants on at their own price, puts a cancelled unit back on its variant, and alerts per variant', async () => {
    const p = await createKurti(t.app, admin);
    await t.db.update(shopSettings).set({ lowStockThreshold: 1 });
    const buyer = await shopper(t.db);
    const add = await t.app.inject({ method: 'POST', url: '/api/cart', headers: { cookie: buyer.cookie }, payload: { product: p.id, quantity: 2, color: BLUE, size: 40 } });
    expect(add.statusCode, add.body).toBe(201);
    const placed = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: buyer.cookie }, payload: orderPayload('cash') });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order.totalAmount).toBe(3058);
    expect(order.items[0]!.variant).toEqual({ id: variantOf(p, BLUE, 'L').id, sku: 'KUR-BLU-L', color: BLUE, size: 'L' });
    expect(order.items[0]!.product).toMatchObject({ discountedPrice: 1529, thumbnail: 'https://example.com/blue-1.webp' });
    expect(await variantStock(t.db, p.id)).toEqual({ product: 4, variants: [`${RED} M: 1`, `${RED} L: 0`, `${BLUE} M: 3`, `${BLUE} L: 0`] });
    // Blue L crossed the low-stock level (1) from 2: one alert, naming the variant; the product's 4 left alert nothing.
    const alerts = await t.db.select().from(lowStockAlerts).where(eq(lowStockAlerts.productId, p.id));
    expect(alerts.map((a) => [a.variantId, a.stock])).toEqual([[variantOf(p, BLUE, 'L').id, 0]]);

    const cancel = await t.app.inject({ method: 'PATCH', url: `/api/orders/${order.id}`, headers: { cookie: admin }, payload: { status: 'cancelled' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await variantStock(t.db, p.id)).toEqual({ product: 6, variants: [`${RED} M: 1`, `${RED} L: 0`, `${BLUE} M: 3`, `${BLUE} L: 2`] });
  });

  it(`sells the last red M once to 20 shoppers racing in one server (${testDbKind})`, async () => {
    const p = await createKurti(t.app, admin);
    const initial = await stockByProduct(t.db);
    const buyers = await raceFor(t.db, p);
    const replies = await Promise.all(
      buyers.map((b) => t.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: b.cookie }, payload: orderPayload('cash') })),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409).map((r) => r.json())).toEqual(Array(19).fill({ message: 'Block Print Kurti is out of stock' }));
    expect(await variantStock(t.db, p.id)).toEqual({ product: 5, variants: [`${RED} M: 0`, `${RED} L: 0`, `${BLUE} M: 3`, `${BLUE} L: 2`] });
    expect((await checkInvariants(t.db, initial)).violations).toEqual([]);
  });

  it('takes the original client body: one shared stock created, and an update without variants keeps a product’s variants', async () => {
    const legacy = {
      ...kurti,
      variants: undefined,
      colorImages: undefined,
      details: undefined,
      stock: 7,
      colors: [RED],
      sizes: ['42', '44'],
      highlights: ['a', 'b', 'c', 'd'],
      images: ['https://example.com/1.webp', 'https://example.com/2.webp', 'https://example.com/3.webp', 'https://example.com/kurti.webp'],
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/products', headers: { cookie: admin }, payload: legacy });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Product>()).toMatchObject({ stock: 7, sizes: [42, 44], sizeLabels: ['42', '44'], variants: [] });

    const p = await createKurti(t.app, admin);
    const { variants: _v, colorImages: _c, details: _d, ...fields } = legacy;
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/products/${p.id}`, headers: { cookie: admin }, payload: { ...fields, title: 'Block Print Kurti, restocked', price: 1599 } });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = patched.json<Product>();
    expect(after).toMatchObject({ title: 'Block Print Kurti, restocked', price: 1599, stock: 6, colors: [RED, BLUE], sizes: [38, 40] });
    expect(after.variants.map((v) => v.id)).toEqual(p.variants.map((v) => v.id));

    // One click back to a shared stock: the variants go, the product keeps their total.
    const shared = await t.app.inject({ method: 'PATCH', url: `/api/products/${p.id}`, headers: { cookie: admin }, payload: { variants: [] } });
    expect(shared.json<Product>()).toMatchObject({ stock: 6, variants: [] });
  });

  it('keeps variant ids across an edit, drops a cart line whose variant is no longer sold, and refuses a SKU another product uses', async () => {
    const p = await createKurti(t.app, admin);
    const buyer = await shopper(t.db);
    await t.app.inject({ method: 'POST', url: '/api/cart', headers: { cookie: buyer.cookie }, payload: { product: p.id, quantity: 1, color: RED, size: 38 } });
    const edit = (variants: object[]) => t.app.inject({ method: 'PATCH', url: `/api/products/${p.id}`, headers: { cookie: admin }, payload: { variants } });
    const without = await edit(kurti.variants.filter((v) => !(v.color === RED && v.size === 'M')).map((v) => ({ ...v, stock: v.stock + 1 })));
    expect(without.statusCode, without.body).toBe(200);
    expect(without.json<Product>().variants.map((v) => v.id)).toEqual(p.variants.slice(1).map((v) => v.id));
    expect(without.json<Product>().stock).toBe(8);
    expect(await t.db.select().from(cartItems).where(and(eq(cartItems.productId, p.id)))).toEqual([]);

    const other = await t.app.inject({ method: 'POST', url: '/api/products', headers: { cookie: admin }, payload: { ...kurti, title: 'Other', variants: [{ color: RED, size: 'S', sku: 'kur-blu-m', price: null, stock: 1 }] } });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: 'SKU KUR-BLU-M is already used by another product' });
    const twice = await edit([kurti.variants[0]!, kurti.variants[0]!]);
    expect(twice.statusCode).toBe(400);
  });
});

/** 20 shoppers, each with the one red M in their cart. */
async function raceFor(db: Db, p: Product) {
  const red = variantOf(p, RED, 'M');
  const buyers = [];
  for (let i = 0; i < 20; i++) {
    const b = await shopper(db);
    await db.insert(cartItems).values({ userId: b.user.id, productId: p.id, quantity: 1, color: RED, size: 38, variantId: red.id });
    buyers.push(b);
  }
  return buyers;
}

// Registered on the PostgreSQL pass only (npm test runs the API suite on both databases).
if (testDatabaseUrl())
  describe('racing for the last red M across two server processes on one PostgreSQL', () => {
    let hosts: TwoHosts;
    let servers: ServerProcess[];
    let database: Database;
    beforeAll(async () => {
      hosts = await twoHostsOnPostgres('variant-race');
      ({ servers, database } = hosts);
    }, 120_000);
    afterAll(() => hosts?.close());

    it('gives exactly one order to 20 shoppers split across both processes; the other variants still sell', async () => {
      const admin = await shopper(database.db, 'admin');
      const res = await fetch(`${servers[0]!.url}/api/products`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'application/json', origin: servers[0]!.url },
        body: JSON.stringify(kurti),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const p = (await res.json()) as Product;
      const initial = await stockByProduct(database.db);
      const buyers = await raceFor(database.db, p);
      const replies = await Promise.all(
        buyers.map(async (b, i) => {
          const reply = await fetch(`${servers[i % 2]!.url}/api/orders`, {
            method: 'POST',
            headers: { cookie: b.cookie, 'content-type': 'application/json' },
            body: JSON.stringify(orderPayload('cash')),
          });
          return reply.status;
        }),
      );
      console.log(`two processes on PostgreSQL, variant race: ${replies.filter((s) => s === 201).length} order, ${replies.filter((s) => s === 409).length} refused`);
      expect(replies.filter((s) => s === 201)).toHaveLength(1);
      expect(replies.filter((s) => s === 409)).toHaveLength(19);
      expect(await variantStock(database.db, p.id)).toEqual({ product: 5, variants: [`${RED} M: 0`, `${RED} L: 0`, `${BLUE} M: 3`, `${BLUE} L: 2`] });

      const late = buyers[0]!;
      await database.db.delete(cartItems).where(eq(cartItems.userId, late.user.id));
      const add = await fetch(`${servers[1]!.url}/api/cart`, {
        method: 'POST',
        headers: { cookie: late.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ product: p.id, quantity: 3, color: BLUE, size: 38 }),
      });
      expect(add.status).toBe(201);
      const order = await fetch(`${servers[1]!.url}/api/orders`, {
        method: 'POST',
        headers: { cookie: late.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(orderPayload('cash')),
      });
      expect(order.status).toBe(201);
      expect(await variantStock(database.db, p.id)).toEqual({ product: 2, variants: [`${RED} M: 0`, `${RED} L: 0`, `${BLUE} M: 0`, `${BLUE} L: 2`] });
      expect((await checkInvariants(database.db, initial)).violations).toEqual([]);
    });
  });

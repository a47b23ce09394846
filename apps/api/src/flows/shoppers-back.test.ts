import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertProduct, shopper } from '../../test/commerce.ts';
import { testDatabaseUrl } from '../../test/database-url.ts';
import { repoRoot } from '../env.ts';
import { products, productVariants } from '../modules/products/products.table.ts';
import { promotions } from '../modules/promotions/promotions.table.ts';
import { stockAlerts } from '../modules/stock-alerts/stock-alerts.table.ts';
import { users } from '../modules/users/users.table.ts';
import { wishlistItems } from '../modules/wishlist/wishlist.table.ts';
import { sweepPriceDrops, sweepRestocked } from './shoppers-back.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const fx = () => ({ jobs: t.app.jobs, webUrl: 'http://shop.test', publicUrl: 'http://shop.test' });
type Who = Awaited<ReturnType<typeof shopper>>;
const inject = (method: 'POST' | 'PUT', url: string, who?: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });

async function mailJobs(to: string, subject = '%'): Promise<{ subject: string; text: string; html: string }[]> {
  const found = await t.db.execute(
    sql`select data->>'subject' as subject, data->>'text' as text, data->>'html' as html from pgboss.job
        where name = 'mail' and lower(data->>'to') = lower(${to}) and data->>'subject' like ${subject} order by created_on`,
  );
  return (found as unknown as { rows: { subject: string; text: string; html: string }[] }).rows;
}

const email = () => `shopper-${randomBytes(4).toString('hex')}@example.com`;
const setStock = (id: number, stock: number) => t.db.update(products).set({ stock }).where(eq(products.id, id));

async function confirmedGuest(productId: number, line: { color?: string; size?: string } = {}) {
  const to = email();
  await t.db.insert(stockAlerts).values({ productId, email: to, confirmedAt: new Date(), ...line });
  return to;
}

describe('back in stock: the restock sweep', () => {
  it('mails each confirmed subscriber once with a link to the product, and forgets the alert; a guest who never confirmed is not mailed', async () => {
    const saree = await insertProduct(t.db, { stock: 0 });
    const who = await shopper(t.db);
    expect((await inject('POST', `/api/products/${saree.id}/notify-me`, who, {})).statusCode).toBe(200);
    const guest = await confirmedGuest(saree.id);
    const unconfirmed = email();
    expect((await inject('POST', `/api/products/${saree.id}/notify-me`, undefined, { email: unconfirmed })).statusCode).toBe(200);

    await sweepRestocked(t.db, fx());
    await setStock(saree.id, 3);
    await sweepRestocked(t.db, fx());
    await sweepRestocked(t.db, fx());

    for (const to of [who.user.email, guest]) {
      const mails = await mailJobs(to, 'Back in stock:%');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Back in stock: ${saree.title}`);
      expect(mails[0]!.text).toContain(`http://shop.test/product-detail/${saree.id}`);
      expect(mails[0]!.html).toContain(saree.title);
    }
    expect(await mailJobs(unconfirmed, 'Back in stock:%')).toEqual([]);
    expect((await t.db.select({ email: stockAlerts.email }).from(stockAlerts)).map((a) => a.email)).toEqual([unconfirmed]);
  });

  it('a stock change from 0 to 0 mails nothing and keeps the alert', async () => {
    const saree = await insertProduct(t.db, { stock: 0 });
    const guest = await confirmedGuest(saree.id);
    await setStock(saree.id, 0);
    expect(await sweepRestocked(t.db, fx())).toBe(0);
    expect(await mailJobs(guest)).toEqual([]);
    expect(await t.db.select().from(stockAlerts)).toHaveLength(1);
  });

  it('a variant alert waits for its own colour × size; a colour alert for any size of that colour', async () => {
    const p = await insertProduct(t.db, { stock: 0 });
    await t.db.update(products).set({ stockPerVariant: true }).where(eq(products.id, p.id));
    const [redM, redL, blueM] = await t.db
      .insert(productVariants)
      .values([
        { productId: p.id, color: '#aa2233', size: 'M', stock: 0, position: 0 },
        { productId: p.id, color: '#aa2233', size: 'L', stock: 0, position: 1 },
        { productId: p.id, color: '#112233', size: 'M', stock: 0, position: 2 },
      ])
      .returning();
    const wantsRedM = await confirmedGuest(p.id, { color: '#aa2233', size: 'M' });
    const wantsRed = await confirmedGuest(p.id, { color: '#aa2233' });
    const wantsAny = await confirmedGuest(p.id);
    const restock = async (id: number, stock: number) => {
      await t.db.update(productVariants).set({ stock }).where(eq(productVariants.id, id));
      await t.db.execute(sql`update products set stock = (select sum(stock) from product_variants where product_id = ${p.id}) where id = ${p.id}`);
      await sweepRestocked(t.db, fx());
    };

    await restock(blueM!.id, 2);
    expect((await mailJobs(wantsAny)).length).toBe(1);
    expect(await mailJobs(wantsRed)).toEqual([]);
    expect(await mailJobs(wantsRedM)).toEqual([]);

    await restock(redL!.id, 1);
    expect((await mailJobs(wantsRed)).length).toBe(1);
    expect(await mailJobs(wantsRedM)).toEqual([]);

    await restock(redM!.id, 1);
    const mails = await mailJobs(wantsRedM);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('colour #aa2233, size M');
    expect(await t.db.select().from(stockAlerts)).toEqual([]);
  });
});

describe('price drops on the wishlist', () => {
  async function keeps(price = 2000) {
    const who = await shopper(t.db);
    const saree = await insertProduct(t.db, { price, discountPercentage: 0 });
    expect((await inject('PUT', `/api/wishlist/${saree.id}`, who)).statusCode).toBe(200);
    return { who, saree };
  }
  const reprice = (id: number, rupees: number) => t.db.update(products).set({ pricePaise: rupees * 100, discountedPricePaise: rupees * 100 }).where(eq(products.id, id));
  const mark = async (userId: number, productId: number) =>
    (await t.db.select({ m: wishlistItems.mailedPricePaise }).from(wishlistItems).where(sql`${wishlistItems.userId} = ${userId} and ${wishlistItems.productId} = ${productId}`))[0]!.m;
  const earlier = (userId: number, hours: number) => t.db.update(users).set({ priceDropMailedAt: new Date(Date.now() - hours * 3_600_000) }).where(eq(users.id, userId));

  it('mails a drop once, lists the new and old price, and mails again no sooner than a day later', async () => {
    const { who, saree } = await keeps(2000);
    await sweepPriceDrops(t.db, fx(), t.app.productCache);
    expect(await mailJobs(who.user.email)).toEqual([]);

    await reprice(saree.id, 1500);
    expect(await sweepPriceDrops(t.db, fx(), t.app.productCache)).toBe(1);
    expect(await sweepPriceDrops(t.db, fx(), t.app.productCache)).toBe(0);
    const mails = await mailJobs(who.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Price drop: ${saree.title}`);
    expect(mails[0]!.text).toContain('now ₹1,500 (was ₹2,000)');
    expect(await mark(who.user.id, saree.id)).toBe(150_000);

    // A second drop the same day waits for the day to pass.
    await reprice(saree.id, 1200);
    expect(await sweepPriceDrops(t.db, fx(), t.app.productCache)).toBe(0);
    await earlier(who.user.id, 23);
    expect(await sweepPriceDrops(t.db, fx(), t.app.productCache)).toBe(0);
    await earlier(who.user.id, 25);
    expect(await sweepPriceDrops(t.db, fx(), t.app.productCache)).toBe(1);
    expect((await mailJobs(who.user.email)).map((m) => m.text.includes('now ₹1,200 (was ₹1,500)'))).toEqual([false, true]);
  });

  it('a price that went up is the new mark: falling back to it is news, a drop below the first price too', async () => {
    const { who, saree } = await keeps(2000);
    await reprice(saree.id, 2500);
    await sweepPriceDrops(t.db, fx(), t.app.productCache);
    expect(await mark(who.user.id, saree.id)).toBe(250_000);
    expect(await mailJobs(who.user.email)).toEqual([]);
    await reprice(saree.id, 2000);
    expect(await sweepPriceDrops(t.db, fx(), t.app.productCache)).toBe(1);
    expect((await mailJobs(who.user.email))[0]!.text).toContain('now ₹2,000 (was ₹2,500)');
  });

  it('an automatic sale on a wishlisted product is a price drop', async () => {
    const { who, saree } = await keeps(2000);
    await t.db.insert(promotions).values({ name: 'Diwali Sale', kind: 'percent', valueHundredths: 2000, startsAt: new Date(Date.now() - 86_400_000) });
    t.app.productCache.invalidate();
    expect(await sweepPriceDrops(t.db, fx(), t.app.productCache)).toBe(1);
    expect((await mailJobs(who.user.email))[0]!.text).toContain(`${saree.title}: now ₹1,600 (was ₹2,000)`);
  });

  it('a shopper who switched the mails off gets none, and the drop is not kept for later', async () => {
    const { who, saree } = await keeps(2000);
    expect((await inject('PUT', '/api/wishlist/mails', who, { priceDropMails: false })).statusCode).toBe(200);
    await reprice(saree.id, 1000);
    expect(await sweepPriceDrops(t.db, fx(), t.app.productCache)).toBe(0);
    expect(await mailJobs(who.user.email)).toEqual([]);
    expect(await mark(who.user.id, saree.id)).toBe(100_000);
    expect((await inject('PUT', '/api/wishlist/mails', who, { priceDropMails: true })).statusCode).toBe(200);
    expect(await sweepPriceDrops(t.db, fx(), t.app.productCache)).toBe(0);
  });

  it('one mail lists every drop of the shopper', async () => {
    const { who, saree } = await keeps(2000);
    const kurta = await insertProduct(t.db, { price: 1000, discountPercentage: 0 });
    await inject('PUT', `/api/wishlist/${kurta.id}`, who);
    await reprice(saree.id, 1800);
    await reprice(kurta.id, 900);
    expect(await sweepPriceDrops(t.db, fx(), t.app.productCache)).toBe(1);
    const mails = await mailJobs(who.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Price drops on 2 things you love']);
    expect(mails[0]!.text).toContain('now ₹1,800');
    expect(mails[0]!.text).toContain('now ₹900');
  });
});

// Registered on the PostgreSQL pass only (npm test runs the API suite on both databases).
if (testDatabaseUrl())
  describe('restocks swept by two processes at once', () => {
    function sweeper(url: string): { child: ChildProcess; ready: Promise<void>; done: Promise<number> } {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/test/restock-sweeper.ts', url, '4'], { cwd: repoRoot(), stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.includes('ready')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`sweeper exited (${code}) before it was ready:\n${out}`)));
      });
      const done = new Promise<number>((resolve, reject) =>
        child.once('exit', (code) => (code === 0 ? resolve(Number(/queued (\d+)/.exec(out)?.[1] ?? NaN)) : reject(new Error(`sweeper failed (${code}):\n${out}`)))),
      );
      return { child, ready, done };
    }

    it('300 subscribers of 30 restocked products each get exactly one mail', async () => {
      const subscribers: string[] = [];
      const soldOut = await Promise.all(Array.from({ length: 30 }, () => insertProduct(t.db, { stock: 0 })));
      for (const p of soldOut) {
        const line = Array.from({ length: 10 }, () => ({ productId: p.id, email: email(), confirmedAt: new Date() }));
        await t.db.insert(stockAlerts).values(line);
        subscribers.push(...line.map((l) => l.email));
      }
      const sweepers = [sweeper(t.databaseUrl!), sweeper(t.databaseUrl!)];
      await Promise.all(sweepers.map((s) => s.ready));
      await t.db.update(products).set({ stock: 5 });
      for (const s of sweepers) s.child.stdin!.write('go\n');
      const queued = await Promise.all(sweepers.map((s) => s.done));
      // This app's own housekeeping may have swept too: the mails are counted, not the sweeps.
      expect(queued[0]! + queued[1]!).toBeLessThanOrEqual(300);
      const found = await t.db.execute(
        sql`select lower(data->>'to') as "to", count(*)::int as n from pgboss.job where name = 'mail' and data->>'subject' like 'Back in stock:%' group by 1`,
      );
      const counts = new Map((found as unknown as { rows: { to: string; n: number }[] }).rows.map((r) => [r.to, r.n]));
      expect(subscribers.filter((s) => counts.get(s) !== 1)).toEqual([]);
      expect(await t.db.select().from(stockAlerts)).toEqual([]);
    }, 120_000);
  });

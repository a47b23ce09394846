import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../test/app.ts';
import { insertProduct, placeCashOrder, sessionCookie } from '../../test/commerce.ts';
import { products } from '../modules/products/products.table.ts';
import { writeReview } from './reviews.ts';

// PostgreSQL only (vitest.config.ts): PGlite has one connection, so two writes cannot meet there.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const aReview = (rating: number) => ({ rating, title: 'Lovely drape', body: 'The silk is soft and the zari shines.', photos: [] });

async function buyer(productId: number) {
  const user = await insertUser(t.db, { name: 'Asha Rao' });
  const who = { user, cookie: await sessionCookie(t.db, user.id) };
  await placeCashOrder(t.app, t.db, who, [{ productId }]);
  return who;
}

describe('reviews written at the same moment', () => {
  it('counts both of two reviews written at the same moment (PostgreSQL, two connections)', async () => {
    const p = await insertProduct(t.db);
    const [a, b] = [await buyer(p.id), await buyer(p.id)];
    // A third connection holds the product row, so both writes are under way before either can finish.
    const holder = await t.database.pool!.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from products where id = $1 for update', [p.id]);
      const writes = Promise.all([
        writeReview(t.db, a.user.id, p.id, aReview(5)),
        writeReview(t.db, b.user.id, p.id, aReview(2)),
      ]);
      await vi.waitFor(async () => {
        const { rows } = await holder.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
        expect(rows[0]!.n).toBe(2);
      }, { timeout: 30_000 });
      await holder.query('commit');
      await writes;
    } finally {
      holder.release();
    }
    const [row] = await t.db.select({ rating: products.rating, reviewCount: products.reviewCount }).from(products).where(eq(products.id, p.id));
    expect(row).toEqual({ rating: 3.5, reviewCount: 2 });
  });
});

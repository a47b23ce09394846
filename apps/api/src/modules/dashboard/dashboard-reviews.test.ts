import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Dashboard } from '@shop/shared';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertProduct, shopper } from '../../../test/commerce.ts';
import { reviews } from '../reviews/reviews.table.ts';
import { stockAlerts } from '../stock-alerts/stock-alerts.table.ts';
import { users } from '../users/users.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const dashboard = async (cookie: string, query = 'from=2026-03-01&to=2026-03-07') => {
  const res = await t.app.inject({ url: `/api/dashboard?${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>();
};

describe('the dashboard’s new reviews', () => {
  it('counts the period’s reviews, flags those waiting for approval, and names the latest five', async () => {
    const staff = await shopper(t.db, 'staff');
    const saree = await insertProduct(t.db, { title: 'Kanjivaram Gold' });
    const buyers = await Promise.all(Array.from({ length: 7 }, () => shopper(t.db)));
    await t.db.update(users).set({ name: 'Meera Iyer' }).where(eq(users.id, buyers[6]!.user.id));
    // Six in the period (India time, 1–7 March), one the day before it starts.
    const at = [
      '2026-02-28T23:00:00+05:30',
      '2026-03-01T00:10:00+05:30',
      '2026-03-02T09:00:00+05:30',
      '2026-03-03T09:00:00+05:30',
      '2026-03-04T09:00:00+05:30',
      '2026-03-05T09:00:00+05:30',
      '2026-03-07T23:50:00+05:30',
    ];
    await t.db.insert(reviews).values(
      at.map((when, i) => ({
        productId: saree.id,
        userId: buyers[i]!.user.id,
        rating: (i % 5) + 1,
        title: `Review ${i}`,
        body: 'Lovely drape',
        status: i === 6 || i === 3 ? ('pending' as const) : ('published' as const),
        createdAt: new Date(when),
      })),
    );

    const d = await dashboard(staff.cookie);
    expect(d.newReviews).toMatchObject({ count: 6, pending: 2 });
    expect(d.newReviews!.latest.map((r) => [r.title, r.status])).toEqual([
      ['Review 6', 'pending'],
      ['Review 5', 'published'],
      ['Review 4', 'published'],
      ['Review 3', 'pending'],
      ['Review 2', 'published'],
    ]);
    expect(d.newReviews!.latest[0]).toEqual({
      id: expect.any(Number),
      productId: saree.id,
      productTitle: 'Kanjivaram Gold',
      customerName: 'Meera Iyer',
      rating: 2,
      title: 'Review 6',
      status: 'pending',
      createdAt: '2026-03-07T18:20:00.000Z',
    });
    expect((await dashboard(staff.cookie, 'from=2026-04-01&to=2026-04-07')).newReviews).toEqual({
      count: 0,
      pending: 0,
      latest: [],
    });
  });
});

describe('the dashboard’s waiting demand', () => {
  it('shows on each low-stock product how many confirmed back-in-stock alerts wait for it, most waited-for first at equal stock', async () => {
    const boss = await shopper(t.db, 'admin');
    const quiet = await insertProduct(t.db, { title: 'Quiet Tussar', stock: 0 });
    const wanted = await insertProduct(t.db, { title: 'Wanted Paithani', stock: 0 });
    const some = await insertProduct(t.db, { title: 'Some Bandhani', stock: 2 });
    await insertProduct(t.db, { title: 'Plenty Ikat', stock: 40 });
    const alert = (productId: number, email: string, confirmed: boolean) => ({
      productId,
      email,
      confirmedAt: confirmed ? new Date() : null,
      tokenHash: confirmed ? null : `hash-${email}`,
    });
    await t.db.insert(stockAlerts).values([
      alert(wanted.id, 'a@example.com', true),
      alert(wanted.id, 'b@example.com', true),
      alert(wanted.id, 'c@example.com', true),
      // A guest who never opened the link is not waiting yet.
      alert(wanted.id, 'd@example.com', false),
      alert(some.id, 'e@example.com', true),
      alert(quiet.id, 'f@example.com', false),
    ]);

    const d = await dashboard(boss.cookie);
    expect(d.lowStock.products.map((p) => [p.title, p.stock, p.waiting])).toEqual([
      ['Wanted Paithani', 0, 3],
      ['Quiet Tussar', 0, 0],
      ['Some Bandhani', 2, 1],
    ]);
  });
});

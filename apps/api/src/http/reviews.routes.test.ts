import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES, type AdminReview, type AdminReviewList, type Product, type ProductList, type Review, type ReviewPage } from '@shop/shared';
import { createTestApp, insertUser, type TestApp } from '../../test/app.ts';
import { insertProduct, placeCashOrder, sessionCookie, shopper } from '../../test/commerce.ts';
import { orders } from '../modules/orders/orders.table.ts';
import { products } from '../modules/products/products.table.ts';
import { reviews } from '../modules/reviews/reviews.table.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  // A built web app's page, so the served product page (its JSON-LD) can be read too.
  base = mkdtempSync(join(tmpdir(), 'shop-reviews-'));
  const dist = join(base, 'dist');
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en-IN"><head><title>Shop</title><script type="module" src="/assets/index-a.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-a.js' } }));
  t = await createTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://shop.example.in', PRODUCT_CACHE: 'on' });
});
afterAll(async () => {
  await t.close();
  rmSync(base, { recursive: true, force: true });
});
beforeEach(() => t.reset());

type Who = { user: { id: number; name: string; email: string }; cookie: string };
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who?: Who | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });

const aReview = (fields: Record<string, unknown> = {}) => ({ rating: 5 as number, title: 'Lovely drape', body: 'The silk is soft and the zari shines.', ...fields });

async function buyer(productId: number, name = 'Asha Rao'): Promise<Who> {
  const user = await insertUser(t.db, { name });
  const who = { user, cookie: await sessionCookie(t.db, user.id) };
  await placeCashOrder(t.app, t.db, who, [{ productId }]);
  return who;
}

async function review(productId: number, who: Who, fields: Record<string, unknown> = {}): Promise<Review> {
  const res = await inject('POST', `/api/products/${productId}/reviews`, who, aReview(fields));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Review>();
}

const reviewsOf = async (productId: number, query = '', who?: Who) => {
  const res = await inject('GET', `/api/products/${productId}/reviews${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReviewPage>();
};
const productJson = async (id: number) => (await inject('GET', `/api/products/${id}`)).json<Product>();
const moderate = (id: number, who: Who, body: object) => inject('PATCH', `/api/reviews/${id}`, who, body);

describe('who may review', () => {
  it('refuses a shopper who did not buy the product with 403, and a signed-out visitor with 401', async () => {
    const p = await insertProduct(t.db);
    const res = await inject('POST', `/api/products/${p.id}/reviews`, await shopper(t.db), aReview());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: REVIEW_MESSAGES.notBuyer });
    expect((await inject('POST', `/api/products/${p.id}/reviews`, null, aReview())).statusCode).toBe(401);
  });

  it('refuses a shopper whose only order of it was cancelled', async () => {
    const p = await insertProduct(t.db);
    const who = await buyer(p.id);
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.userId, who.user.id));
    const res = await inject('POST', `/api/products/${p.id}/reviews`, who, aReview());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: REVIEW_MESSAGES.notBuyer });
    expect((await reviewsOf(p.id, '', who)).canReview).toBe(false);
  });

  it('publishes a cash buyer’s review as a verified purchase under their first name and initial, once', async () => {
    const p = await insertProduct(t.db);
    const who = await buyer(p.id, 'Asha Krishnan');
    expect(await reviewsOf(p.id, '', who)).toMatchObject({ mine: null, canReview: true });
    const written = await review(p.id, who, { rating: 4 });
    expect(written).toMatchObject({ productId: p.id, rating: 4, author: 'Asha K.', verifiedPurchase: true, status: 'published', reply: null, photos: [] });
    expect(JSON.stringify(written)).not.toContain('@');

    const again = await inject('POST', `/api/products/${p.id}/reviews`, who, aReview());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REVIEW_MESSAGES.alreadyReviewed });
    expect(await reviewsOf(p.id, '', who)).toMatchObject({ mine: { id: written.id }, canReview: false });
  });

  it('answers 404 for a deleted product, to read or to review', async () => {
    const p = await insertProduct(t.db);
    const who = await buyer(p.id);
    await t.db.update(products).set({ deleted: true }).where(eq(products.id, p.id));
    const posted = await inject('POST', `/api/products/${p.id}/reviews`, who, aReview());
    expect(posted.statusCode).toBe(404);
    expect(posted.json()).toEqual({ message: 'Product not found' });
    expect((await inject('GET', `/api/products/${p.id}/reviews`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/products/99999/reviews`)).statusCode).toBe(404);
  });
});

describe('what a review may hold', () => {
  it.each([
    ['a rating of 0', { rating: 0 }, 'Choose 1 to 5 stars'],
    ['a rating of 6', { rating: 6 }, 'Choose 1 to 5 stars'],
    ['a rating of 2.5', { rating: 2.5 }, 'Choose 1 to 5 stars'],
    ['a script in the title', { title: 'Nice<script>alert(1)</script>' }, 'Title must be plain text, without HTML'],
    ['a script in the text', { body: 'Lovely <script>alert(1)</script>' }, 'Review must be plain text, without HTML'],
    ['six photos', { photos: Array.from({ length: 6 }, (_, i) => `/uploads/p${i}.webp`) }, 'At most 5 photos'],
    ['a photo on another server', { photos: ['https://elsewhere.example.com/x.webp'] }, 'Upload the photo with the review form'],
    ['no title', { title: '  ' }, 'Title is required'],
  ])('refuses %s with 400 and says why', async (_name, fields, message) => {
    const p = await insertProduct(t.db);
    const who = await buyer(p.id);
    const res = await inject('POST', `/api/products/${p.id}/reviews`, who, aReview(fields));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await t.db.select().from(reviews)).toEqual([]);
  });

  it('stores an uploaded photo as the product photos are, and takes it in a review', async () => {
    const p = await insertProduct(t.db);
    const who = await buyer(p.id);
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#7a1f2b' } }).png().toBuffer();
    const boundary = `----shop${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="saree.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const send = (cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/reviews/photos', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(cookie && { cookie }) } });
    expect((await send()).statusCode).toBe(401);
    const res = await send(who.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/[\w-]+\.webp$/);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBeLessThanOrEqual(1200);

    expect((await review(p.id, who, { photos: [url] })).photos).toEqual([url]);
  });
});

describe('the product’s rating and count', () => {
  it('follow the published reviews: several, then one hidden, then shown again; the listing sorts by them', async () => {
    const p = await insertProduct(t.db, { title: 'Reviewed Saree' });
    const other = await insertProduct(t.db, { title: 'Other Saree' });
    await t.db.update(products).set({ rating: 4.5 }).where(eq(products.id, other.id));
    expect(await productJson(p.id)).toMatchObject({ rating: 0, reviewCount: 0 });
    const admin = await shopper(t.db, 'admin');

    const five = await review(p.id, await buyer(p.id));
    await review(p.id, await buyer(p.id), { rating: 4 });
    await review(p.id, await buyer(p.id), { rating: 4 });
    expect(await productJson(p.id)).toMatchObject({ rating: 4.3, reviewCount: 3 });
    expect((await reviewsOf(p.id)).summary).toEqual({ average: 4.3, count: 3, stars: [0, 0, 0, 2, 1] });
    const best = (await inject('GET', '/api/products?_sort=rating&_order=desc')).json<ProductList>().products;
    expect(best.map((x) => [x.title, x.rating, x.reviewCount])).toEqual([
      ['Other Saree', 4.5, 0],
      ['Reviewed Saree', 4.3, 3],
    ]);

    const hidden = await moderate(five.id, admin, { status: 'hidden' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<AdminReview>()).toMatchObject({ id: five.id, status: 'hidden' });
    expect(await productJson(p.id)).toMatchObject({ rating: 4, reviewCount: 2 });
    expect((await reviewsOf(p.id)).reviews.map((r) => r.id)).not.toContain(five.id);

    await moderate(five.id, admin, { status: 'published' });
    expect(await productJson(p.id)).toMatchObject({ rating: 4.3, reviewCount: 3 });
  });

  it('keeps the rating a product had while it has no published review', async () => {
    const p = await insertProduct(t.db);
    await t.db.update(products).set({ rating: 4.6 }).where(eq(products.id, p.id));
    const admin = await shopper(t.db, 'admin');
    const one = await review(p.id, await buyer(p.id), { rating: 2 });
    expect(await productJson(p.id)).toMatchObject({ rating: 2, reviewCount: 1 });
    await moderate(one.id, admin, { status: 'hidden' });
    expect(await productJson(p.id)).toMatchObject({ rating: 2, reviewCount: 0 });
  });

});

describe('approval, replies and the owner’s list', () => {
  it('holds a new review for approval when the shop asks for it: not shown or counted until approved', async () => {
    const p = await insertProduct(t.db);
    const admin = await shopper(t.db, 'admin');
    const settings = (await inject('GET', '/api/settings/admin', admin)).json<Record<string, unknown>>();
    expect(settings.reviewsNeedApproval).toBe(false);
    expect((await inject('GET', '/api/settings')).json()).not.toHaveProperty('reviewsNeedApproval');
    const saved = await inject('PUT', '/api/settings', admin, { ...settings, reviewsNeedApproval: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ reviewsNeedApproval: true });
    // The original client's PUT, without the field, keeps it.
    const { reviewsNeedApproval: _, ...older } = settings;
    expect((await inject('PUT', '/api/settings', admin, older)).json()).toMatchObject({ reviewsNeedApproval: true });

    const who = await buyer(p.id);
    const pending = await review(p.id, who);
    expect(pending.status).toBe('pending');
    expect(await reviewsOf(p.id)).toMatchObject({ summary: { count: 0 }, reviews: [], total: 0 });
    expect(await reviewsOf(p.id, '', who)).toMatchObject({ mine: { id: pending.id, status: 'pending' }, canReview: false, reviews: [] });
    expect(await productJson(p.id)).toMatchObject({ reviewCount: 0 });
    const waiting = (await inject('GET', '/api/reviews?status=pending', admin)).json<AdminReviewList>();
    expect(waiting).toMatchObject({ total: 1, reviews: [{ id: pending.id, productTitle: p.title, customerName: 'Asha Rao', customerEmail: who.user.email }] });

    await moderate(pending.id, admin, { status: 'published' });
    expect(await reviewsOf(p.id)).toMatchObject({ summary: { count: 1, average: 5 }, total: 1, reviews: [{ id: pending.id }] });
    expect(await productJson(p.id)).toMatchObject({ rating: 5, reviewCount: 1 });
    expect((await inject('GET', '/api/reviews?status=pending', admin)).json<AdminReviewList>().total).toBe(0);
  });

  it('shows the owner’s reply publicly, and an empty reply removes it; staff may read the list but not moderate', async () => {
    const p = await insertProduct(t.db);
    const admin = await shopper(t.db, 'admin');
    const staff = await shopper(t.db, 'staff');
    const written = await review(p.id, await buyer(p.id));
    const replied = await moderate(written.id, admin, { reply: '  Thank you, Asha! Wear it well.  ' });
    expect(replied.json<AdminReview>()).toMatchObject({ reply: 'Thank you, Asha! Wear it well.', repliedAt: expect.any(String), status: 'published' });
    expect((await reviewsOf(p.id)).reviews[0]).toMatchObject({ reply: 'Thank you, Asha! Wear it well.' });

    expect((await moderate(written.id, admin, { reply: '' })).json<AdminReview>()).toMatchObject({ reply: null, repliedAt: null });
    expect((await reviewsOf(p.id)).reviews[0]!.reply).toBeNull();

    expect((await inject('GET', '/api/reviews', staff)).json<AdminReviewList>().total).toBe(1);
    expect((await moderate(written.id, staff, { status: 'hidden' })).statusCode).toBe(403);
    expect((await inject('GET', '/api/reviews', await shopper(t.db))).statusCode).toBe(403);
  });

  it.each([
    ['a script in a reply', { reply: '<script>alert(1)</script>' }, 'A reply must be plain text, without HTML'],
    ['a status of pending', { status: 'pending' }, 'Status is published or hidden'],
    ['nothing', {}, 'Nothing to change'],
  ])('refuses %s with 400', async (_name, body, message) => {
    const p = await insertProduct(t.db);
    const written = await review(p.id, await buyer(p.id));
    const res = await moderate(written.id, await shopper(t.db, 'admin'), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('answers 404 for a review that is not there', async () => {
    const res = await moderate(4242, await shopper(t.db, 'admin'), { status: 'hidden' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: REVIEW_MESSAGES.notFound });
  });
});

describe('the product page’s list', () => {
  it('sorts newest, highest, lowest and with photos, ten a page', async () => {
    const p = await insertProduct(t.db);
    const start = Date.UTC(2026, 9, 1);
    // Twelve reviews, one a day: ratings 1..5 over and over; every third has a photo.
    for (let i = 0; i < 12; i++) {
      const user = await insertUser(t.db, { name: `Shopper ${i} Rao` });
      await t.db.insert(reviews).values({
        productId: p.id,
        userId: user.id,
        rating: (i % 5) + 1,
        title: `Review ${i}`,
        body: 'Good',
        photos: i % 3 === 0 ? [`/uploads/r${i}.webp`] : [],
        status: 'published',
        createdAt: new Date(start + i * 86_400_000),
      });
    }
    const hiddenUser = await insertUser(t.db);
    await t.db.insert(reviews).values({ productId: p.id, userId: hiddenUser.id, rating: 5, title: 'Hidden', body: 'x', status: 'hidden' });
    const titles = (page: ReviewPage) => page.reviews.map((r) => r.title);

    const newest = await reviewsOf(p.id);
    expect(newest).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(titles(newest)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `Review ${i}`));
    expect(titles(await reviewsOf(p.id, '?page=2'))).toEqual(['Review 1', 'Review 0']);
    // Highest first, the newer first among equals.
    expect(titles(await reviewsOf(p.id, '?sort=highest')).slice(0, 4)).toEqual(['Review 9', 'Review 4', 'Review 8', 'Review 3']);
    expect(titles(await reviewsOf(p.id, '?sort=lowest')).slice(0, 3)).toEqual(['Review 10', 'Review 5', 'Review 0']);
    const photos = await reviewsOf(p.id, '?sort=photos');
    expect(photos.total).toBe(4);
    expect(titles(photos)).toEqual(['Review 9', 'Review 6', 'Review 3', 'Review 0']);
    expect(newest.summary).toEqual({ average: 2.8, count: 12, stars: [3, 3, 2, 2, 2] });

    for (const bad of ['?sort=best', '?page=0', '?page=x']) expect((await inject('GET', `/api/products/${p.id}/reviews${bad}`)).statusCode).toBe(400);
  });
});

describe('the served product page', () => {
  it('carries AggregateRating and the first reviews in its JSON-LD once the product has published reviews', async () => {
    const p = await insertProduct(t.db);
    const ld = async () => {
      const res = await t.app.inject({ url: `/product-detail/${p.id}` });
      expect(res.statusCode).toBe(200);
      const scripts = [...res.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
      return scripts.find((s) => s['@type'] === 'Product')!;
    };
    expect(await ld()).not.toHaveProperty('aggregateRating');
    await review(p.id, await buyer(p.id, 'Meera Iyer'), { rating: 5, title: 'Stunning', body: 'Wore it to a wedding.' });
    await review(p.id, await buyer(p.id), { rating: 4 });
    const product = await ld();
    expect(product.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    expect(product.review).toHaveLength(2);
    expect((product.review as object[])[1]).toMatchObject({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Meera I.' },
      reviewRating: { '@type': 'Rating', ratingValue: 5 },
      reviewBody: 'Wore it to a wedding.',
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });
});

import { randomBytes } from 'node:crypto';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { createUser } from '../../flows/accounts.ts';
import { refreshReviewFigures } from '../../modules/products/review-figures.ts';
import { products } from '../../modules/products/products.table.ts';
import { reviews } from '../../modules/reviews/reviews.table.ts';
import { users } from '../../modules/users/users.table.ts';
import { DEMO_USERS } from './demo-accounts.ts';

/** Shoppers who only ever wrote the demo's reviews: no one knows their passwords, so no one signs in as them. */
export const DEMO_REVIEWERS = [
  { email: 'meera.iyer@sareepari.local', name: 'Meera Iyer' },
  { email: 'priya.nair@sareepari.local', name: 'Priya Nair' },
  { email: 'kavya.reddy@sareepari.local', name: 'Kavya Reddy' },
] as const;

const WORDS: Record<number, [string, string][]> = {
  5: [
    ['Stunning drape', 'Wore it to my cousin’s wedding and got compliments all evening. The zari is rich and the fall is perfect.'],
    ['Exactly as shown', 'The colour is just like the pictures, the fabric feels premium and it came neatly packed.'],
    ['Worth every rupee', 'Soft, light and easy to carry for a full day. Will buy again for Diwali.'],
  ],
  4: [
    ['Lovely colour', 'Beautiful shade and a good weave. The blouse piece needed a little extra tailoring.'],
    ['Good quality', 'Comfortable to wear and looks elegant. Delivery took a day longer than promised.'],
  ],
  3: [['Nice, but thinner', 'Pretty design, though the fabric is thinner than I expected for the price.']],
};
const DAY = 86_400_000;

/**
 * docs/product.md, Reviews: a few published reviews on a handful of the demo's products, so its product pages
 * look alive; each product's rating and count then follow from them. Not in production (no demo accounts).
 */
export async function seedDemoReviews(db: Db): Promise<void> {
  const emails = [DEMO_USERS[1].email, ...DEMO_REVIEWERS.map((r) => r.email)];
  for (const r of DEMO_REVIEWERS)
    await createUser(db, { ...r, role: 'user', password: randomBytes(24).toString('base64url'), phoneNumber: '+919820012345', addresses: [] });
  const authors = await db.select({ id: users.id }).from(users).where(inArray(sql`lower(${users.email})`, emails)).orderBy(asc(users.id));
  const ids = (await db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((p) => p.id);
  // Every seventh product: two to four reviews each, mostly glowing, one honest three.
  const chosen = ids.filter((_, i) => i % 7 === 0).slice(0, 8);
  const now = Date.now();
  await db.transaction(async (tx) => {
    const rows: (typeof reviews.$inferInsert)[] = [];
    chosen.forEach((productId, p) => {
      const n = 2 + (p % 3);
      for (let k = 0; k < n && k < authors.length; k++) {
        const rating = (p + k) % 5 === 4 ? 3 : (p + k) % 3 === 0 ? 4 : 5;
        const pool = WORDS[rating]!;
        const [title, body] = pool[(p + k) % pool.length]!;
        rows.push({
          productId,
          userId: authors[k]!.id,
          rating,
          title,
          body,
          status: 'published',
          createdAt: new Date(now - (p * 5 + k * 11 + 2) * DAY),
          ...(k === 0 && p % 2 === 0 && { reply: 'Thank you for shopping with us! We are so happy you loved it.', repliedAt: new Date(now - (p * 5 + 1) * DAY) }),
        });
      }
    });
    await tx.insert(reviews).values(rows).onConflictDoNothing();
    for (const productId of chosen) await refreshReviewFigures(tx, productId);
  });
}

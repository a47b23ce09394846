import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { discountedPaise, rupeesToPaise, type Address, type Order, type Role } from '@shop/shared';
import type { Db } from '../src/db/client.ts';
import { hashToken, SESSION_COOKIE } from '../src/modules/auth/sessions.ts';
import { sessions } from '../src/modules/auth/auth.table.ts';
import { cartItems } from '../src/modules/cart/cart.table.ts';
import { products } from '../src/modules/products/products.table.ts';
import { insertUser } from './app.ts';

export interface ProductFields {
  title?: string;
  brand?: string;
  category?: string;
  /** Rupees. */
  price?: number;
  discountPercentage?: number;
  stock?: number;
  colors?: string[];
  sizes?: number[];
  deleted?: boolean;
  thumbnail?: string;
}

/** Inserts a product directly (no HTTP), priced in rupees like the API speaks. */
export async function insertProduct(db: Db, fields: ProductFields = {}) {
  const pricePaise = rupeesToPaise(fields.price ?? 2499);
  const discountPercentage = fields.discountPercentage ?? 10;
  const [row] = await db
    .insert(products)
    .values({
      title: fields.title ?? `Banarasi Silk Saree ${randomBytes(2).toString('hex')}`,
      description: 'Handwoven silk with zari border',
      brand: fields.brand ?? 'Kanjivaram House',
      category: fields.category ?? 'sarees',
      pricePaise,
      discountPercentage,
      discountedPricePaise: discountedPaise(pricePaise, discountPercentage),
      stock: fields.stock ?? 10,
      thumbnail: fields.thumbnail ?? 'https://example.com/thumb.webp',
      images: [
        'https://example.com/1.webp',
        'https://example.com/2.webp',
        'https://example.com/3.webp',
        'https://example.com/thumb.webp',
      ],
      colors: fields.colors ?? ['#aa2233', '#112233'],
      sizes: fields.sizes ?? [42, 44],
      sizeLabels: (fields.sizes ?? [42, 44]).map(String),
      highlights: ['Pure silk', 'Zari border', 'Dry clean', 'Blouse piece'],
      deleted: fields.deleted ?? false,
    })
    .returning();
  return row!;
}

export async function productStock(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row!.stock;
}

/**
 * A session for the user written straight to the sessions table, as login would: the Cookie
 * header to send. Keeps these tests independent of the auth routes.
 */
export async function sessionCookie(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(sessions)
    .values({ id: hashToken(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return `${SESSION_COOKIE}=${token}`;
}

/** A user of the given role with a session: the row and its Cookie header. */
export async function shopper(db: Db, role: Role = 'user') {
  const user = await insertUser(db, { role });
  return { user, cookie: await sessionCookie(db, user.id) };
}

/** Puts a line straight into a user's cart. */
export async function insertCartLine(
  db: Db,
  userId: number,
  productId: number,
  quantity = 1,
  color = '#aa2233',
  size = 42,
) {
  const [row] = await db.insert(cartItems).values({ userId, productId, quantity, color, size }).returning();
  return row!;
}

export const testAddress: Address = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+919820012345',
  street: '12 Linking Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  pinCode: '400050',
};

/** The whole order payload, as the web app sends it; only address and method are read. */
export function orderPayload(paymentMethod: 'cash' | 'card' = 'cash', extra: Record<string, unknown> = {}) {
  return { selectedAddress: testAddress, paymentMethod, status: 'pending', ...extra };
}

/** Fills the user's cart with the lines and places a cash order through the API. */
export async function placeCashOrder(
  app: FastifyInstance,
  db: Db,
  who: { user: { id: number }; cookie: string },
  lines: { productId: number; quantity?: number }[],
) {
  for (const l of lines) await insertCartLine(db, who.user.id, l.productId, l.quantity ?? 1);
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: who.cookie },
    payload: orderPayload('cash'),
  });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json<Order>();
}

/** A body for POST /api/products as the admin form sends it, with the given pictures and overrides. */
export function productBody(picture: string, fields: Record<string, unknown> = {}) {
  return {
    title: 'Bucket Saree',
    description: 'Silk',
    brand: 'Kanjivaram House',
    category: 'sarees',
    price: 2999,
    discountPercentage: 0,
    stock: 3,
    highlights: ['a', 'b', 'c', 'd'],
    thumbnail: picture,
    images: [picture, picture, 'https://cdn.example.com/elsewhere.webp'],
    colors: ['#aa2233'],
    sizes: [42],
    ...fields,
  };
}

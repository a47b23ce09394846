import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import type { TestApp } from '../app.ts';
import {
  insertCartLine,
  insertProduct,
  orderPayload,
  placeCashOrder,
  sessionCookie,
  testAddress,
} from '../commerce.ts';
import { insertUser, TEST_PASSWORD } from '../app.ts';
import type { Access } from '../../src/types.ts';
import { SHOP_PAGE_SLUGS, type Role, type SizeChart } from '@shop/shared';
import { createInvite } from '../../src/modules/staff/staff.service.ts';
import { saveSizeChart } from '../../src/modules/products/size-charts.ts';
import { rows } from './invariants.ts';
import { promotions } from '../../src/modules/promotions/promotions.table.ts';

/**
 * The server's own route table, read from its router (`printRoutes`), so a route added anywhere,
 * by any plugin, shows up here. HEAD routes are the automatic mirrors of GET routes and are left out.
 */
export function routeTable(app: FastifyInstance): string[] {
  const found: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + m[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of (m[3] ?? '').split(', ').filter(Boolean))
      if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found.sort();
}

export type Actor = 'out' | 'a' | 'b' | 'staff' | 'admin';
// Staff before the owner: the owner's removal of the staff member would end the session staff then call with.
export const ACTORS: Actor[] = ['out', 'b', 'staff', 'admin', 'a'];

interface Person {
  id: number;
  email: string;
  cookie: string;
}

/** What the requests of a row need: three people and shopper A's own things. */
export interface World {
  people: Record<Exclude<Actor, 'out'>, Person>;
  productId: number;
  /** A's cart line, A's cash order, A's card order at the provider. */
  aCartLineId: number;
  aOrderId: number;
  /** A's cash order that an admin cancelled: invoiced, then credited. */
  aCancelledOrderId: number;
  aProviderOrderId: string;
  /** A's delivered cash order of two, one of which A asked to return (issue 31), its item, the request, and the cancelled order's credit note. */
  aDeliveredOrderId: number;
  aDeliveredItemId: number;
  aReturnId: number;
  aCreditNoteId: number;
  /** A pending staff invitation, for the owner to revoke. */
  staffInviteId: number;
  /** An unused code promotion, MATRIX10 (issue 32). */
  promotionId: number;
  // R-world-type
  /** A's published review of another product (A bought `productId` too and has not reviewed it yet). */
  aReviewId: number;
  // W-world-type
  /** A sold-out product to wait for, and per caller a guest's unconfirmed alert's link token (issue 33). */
  soldOutProductId: number;
  notifyTokens: Record<Actor, string>;
  png: Buffer;
  uploadedPath: string;
}

/** Words only shopper A's data contains: B's and a visitor's replies must never carry them. */
export const CANARY = /canary/i;
const CANARY_ADDRESS = { ...testAddress, name: 'Canary Rao', street: '7A Canary Lane' };

export interface RouteCase {
  /** As the router lists it: `METHOD /path/:param`. */
  route: string;
  access: Access;
  /** Authenticated by a provider signature instead of the cookie: no Origin check (docs/security.md, Access). */
  signed?: boolean;
  /** The request a well-behaved client of this actor would send. */
  request(w: World, actor: Actor): InjectOptions;
  expect: Record<Actor, number>;
}

const all = (status: number): Record<Actor, number> => ({ out: status, a: status, b: status, staff: status, admin: status });
const userOnly = (ok: number): Record<Actor, number> => ({ out: 401, a: ok, b: ok, staff: ok, admin: ok });
/** The owner's alone (role admin): staff are refused like shoppers. */
const adminOnly = (ok: number): Record<Actor, number> => ({ out: 401, a: 403, b: 403, staff: 403, admin: ok });
/** The admin area staff work in: the owner and staff may. */
const staffOnly = (ok: number): Record<Actor, number> => ({ out: 401, a: 403, b: 403, staff: ok, admin: ok });
/** A shopper's order or its documents: its owner, staff and the owner of the shop; B is told it does not exist. */
const orderViewers: Record<Actor, number> = { out: 401, a: 200, b: 404, staff: 200, admin: 200 };
/** A's own thing: A may, B and the admin get `other`. */
const ownerOnly = (ok: number, other: number): Record<Actor, number> => ({
  out: 401,
  a: ok,
  b: other,
  staff: other,
  admin: other,
});

const get = (url: string) => (): InjectOptions => ({ method: 'GET', url });
const body = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => (): InjectOptions => ({ method, url, ...(payload ? { payload } : {}) });

/** A multipart body with one file, as a browser's FormData sends it. */
export function multipart(file: Buffer, filename = 'saree.png', type = 'image/png', extra = '') {
  const boundary = `----shop${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="upload_preset"\r\n\r\nml_default\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n${extra}\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A product CSV of the export's shape with one new row (issue 16). */
const IMPORT_CSV =
  'id,title,description,brand,category,price,discountPercentage,discountedPrice,rating,stock,thumbnail,images,colors,sizes,highlights,deleted\n' +
  ',Matrix Import,Silk,Kanjivaram House,sarees,2499,10,,,5,https://example.com/t.webp,"[""https://example.com/1.webp"",""https://example.com/2.webp"",""https://example.com/3.webp""]","[""#aa2233""]",[42],"[""a"",""b"",""c"",""d""]",false\n';

/** A multipart body with a CSV in the field `file`, as the admin import page sends it. */
export function csvUpload(csv: string) {
  const boundary = `----shop${randomBytes(8).toString('hex')}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const product = {
  title: 'Matrix Saree',
  description: 'Handwoven silk',
  brand: 'Kanjivaram House',
  category: 'sarees',
  price: 2499,
  discountPercentage: 10,
  stock: 5,
  highlights: ['Pure silk', 'Zari border', 'Dry clean', 'Blouse piece'],
  thumbnail: 'https://example.com/t.webp',
  images: [
    'https://example.com/1.webp',
    'https://example.com/2.webp',
    'https://example.com/3.webp',
    'https://example.com/t.webp',
  ],
  colors: ['#aa2233'],
  sizes: [42],
};

/** A kurti with stock per colour × size, colour photos, details and its own chart (decision 036). */
const rangeProduct = {
  ...product,
  title: 'Matrix Kurti',
  stock: undefined,
  colors: undefined,
  sizes: undefined,
  variants: [
    { color: '#aa2233', size: 'M', sku: null, price: null, stock: 2 },
    { color: '#aa2233', size: 'L', sku: null, price: 2699, stock: 0 },
  ],
  colorImages: [{ color: '#aa2233', images: ['https://example.com/red.webp'] }],
  details: { fabric: 'Cotton', occasion: 'Festive', lengthMetres: null },
  sizeUnit: 'in',
  sizeChart: { unit: 'in', measurements: ['Bust'], rows: [{ size: 'M', values: [38] }] },
};
const sizeChart = { unit: 'cm', measurements: ['Bust', 'Length'], rows: [{ size: 'S', values: [86, 112] }, { size: 'M', values: [91, 114] }] };

/**
 * Every route of the API with the status each kind of caller gets (docs/security.md, Access): signed out,
 * shopper A (the owner of the things named in the path), shopper B, a staff member and the owner (admin).
 */
export const ROUTE_CASES: RouteCase[] = [
  { route: 'GET /api/docs', access: 'open', request: get('/api/docs'), expect: all(200) },
  {
    route: 'GET /api/docs*',
    access: 'open',
    request: get('/api/docs/static/swagger-ui.css'),
    expect: all(200),
  },
  { route: 'GET /api/docs/json', access: 'open', request: get('/api/docs/json'), expect: all(200) },
  { route: 'GET /api/docs/yaml', access: 'open', request: get('/api/docs/yaml'), expect: all(200) },
  {
    route: 'GET /api/docs/static/index.html',
    access: 'open',
    request: get('/api/docs/static/index.html'),
    expect: all(302),
  },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    access: 'open',
    request: get('/api/docs/static/swagger-initializer.js'),
    expect: all(200),
  },
  { route: 'GET /api/health', access: 'open', request: get('/api/health'), expect: all(200) },
  { route: 'GET /api/ready', access: 'open', request: get('/api/ready'), expect: all(200) },

  {
    route: 'POST /api/auth/signup',
    access: 'open',
    request: (_w, actor) => ({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        name: 'Ravi Kumar',
        phoneNumber: '+919820012345',
        email: `new-${actor}@example.com`,
        password: 'Silk2024x',
      },
    }),
    expect: all(201),
  },
  {
    route: 'POST /api/auth/login',
    access: 'open',
    // Everyone signs in as themselves (a visitor as B): knowing A's password is not the question here.
    request: (w, actor) => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: w.people[actor === 'out' ? 'b' : actor].email, password: TEST_PASSWORD },
    }),
    expect: all(200),
  },
  { route: 'GET /api/auth/logout', access: 'open', request: get('/api/auth/logout'), expect: all(200) },
  {
    route: 'POST /api/auth/logout',
    access: 'open',
    request: body('POST', '/api/auth/logout'),
    expect: all(200),
  },
  { route: 'GET /api/auth/check', access: 'user', request: get('/api/auth/check'), expect: userOnly(200) },
  {
    route: 'POST /api/auth/reset-password',
    access: 'open',
    request: (w) => ({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: w.people.a.email, token: 'x'.repeat(43), password: 'NewSilk2025' },
    }),
    expect: all(400),
  },
  {
    route: 'POST /api/mail/reset-password-request',
    access: 'open',
    request: (w) => ({
      method: 'POST',
      url: '/api/mail/reset-password-request',
      payload: { email: w.people.a.email },
    }),
    expect: all(200),
  },

  { route: 'GET /api/users/owner', access: 'user', request: get('/api/users/owner'), expect: userOnly(200) },
  {
    route: 'PATCH /api/users/:id',
    access: 'user',
    request: (w) => ({
      method: 'PATCH',
      url: `/api/users/${w.people.a.id}`,
      payload: { name: 'Mallory', addresses: [testAddress] },
    }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'POST /api/users/:id/password',
    access: 'user',
    request: (w) => ({
      method: 'POST',
      url: `/api/users/${w.people.a.id}/password`,
      payload: { currentPassword: TEST_PASSWORD, password: 'Fresh@1234' },
    }),
    expect: ownerOnly(200, 403),
  },
  { route: 'GET /api/users/:id/data', access: 'user', request: (w) => ({ method: 'GET', url: `/api/users/${w.people.a.id}/data` }), expect: ownerOnly(200, 403) },
  {
    route: 'DELETE /api/users/:id',
    access: 'user',
    // A still has an open order, so even A's own request is refused (409) and the world stays whole.
    request: (w) => ({ method: 'DELETE', url: `/api/users/${w.people.a.id}`, payload: { password: TEST_PASSWORD } }),
    expect: ownerOnly(409, 403),
  },

  {
    route: 'POST /api/uploads',
    access: 'staff',
    request: (w) => ({ method: 'POST', url: '/api/uploads', ...multipart(w.png) }),
    expect: staffOnly(200),
  },
  // The served pages with heads of their own (storefront/): open, like the pages of the app they carry.
  { route: 'GET /', access: 'open', request: get('/?search=silk&category=sarees'), expect: all(200) },
  { route: 'GET /product-detail/:id', access: 'open', request: (w) => ({ method: 'GET', url: `/product-detail/${w.productId}` }), expect: all(200) },
  ...SHOP_PAGE_SLUGS.map((slug): RouteCase => ({ route: `GET /${slug}`, access: 'open', request: get(`/${slug}`), expect: all(200) })),
  { route: 'GET /collections', access: 'open', request: get('/collections'), expect: all(200) },
  { route: 'GET /robots.txt', access: 'open', request: get('/robots.txt'), expect: all(200) },
  { route: 'GET /sitemap.xml', access: 'open', request: get('/sitemap.xml'), expect: all(200) },
  { route: 'GET /manifest.webmanifest', access: 'open', request: get('/manifest.webmanifest'), expect: all(200) },
  // Numbered files exist only past 50 000 URLs (storefront/sitemap.test.ts lists them there).
  { route: 'GET /sitemap-:file.xml', access: 'open', request: get('/sitemap-1.xml'), expect: all(404) },
  // The router's catch-all, listed as /* beside /: uploaded images, link-preview pictures
  // (/og-image/*, storefront/og-image.ts) and, with a built web app, its other pages, for everyone.
  { route: 'GET /*', access: 'open', request: (w) => ({ method: 'GET', url: w.uploadedPath }), expect: all(200) },

  { route: 'GET /api/pages', access: 'open', request: get('/api/pages'), expect: all(200) },
  { route: 'GET /api/pages/:slug', access: 'open', request: get('/api/pages/returns'), expect: all(200) },
  {
    route: 'PUT /api/pages/:slug',
    access: 'admin',
    request: body('PUT', '/api/pages/about', { title: 'About Us', summary: 'Sarees from the looms of India.', markdown: '## Our story\n\nWoven with love.' }),
    expect: adminOnly(200),
  },
  { route: 'DELETE /api/pages/:slug', access: 'admin', request: body('DELETE', '/api/pages/about'), expect: adminOnly(200) },
  { route: 'POST /api/pages/preview', access: 'admin', request: body('POST', '/api/pages/preview', { markdown: '**Silk**' }), expect: adminOnly(200) },

  {
    route: 'GET /api/products',
    access: 'open',
    request: get('/api/products?admin=true&_per_page=100'),
    expect: all(200),
  },
  {
    route: 'GET /api/products/admin',
    access: 'staff',
    request: get('/api/products/admin?state=lowStock&search=saree&_sort=stock'),
    expect: staffOnly(200),
  },
  {
    route: 'GET /api/products/export',
    access: 'staff',
    request: get('/api/products/export'),
    expect: staffOnly(200),
  },
  {
    route: 'POST /api/products/import',
    access: 'staff',
    // A dry run of the export's own header and one new product: the matrix asks who may, not what it writes.
    request: () => ({ method: 'POST', url: '/api/products/import?dryRun=true', ...csvUpload(IMPORT_CSV) }),
    expect: staffOnly(200),
  },
  {
    route: 'GET /api/products/suggest',
    access: 'open',
    request: get('/api/products/suggest?q=saree'),
    expect: all(200),
  },
  {
    route: 'GET /api/products/:id',
    access: 'open',
    request: (w) => ({ method: 'GET', url: `/api/products/${w.productId}` }),
    expect: all(200),
  },
  {
    route: 'POST /api/products',
    access: 'staff',
    request: (_w, actor) => ({ method: 'POST', url: '/api/products', payload: actor === 'staff' ? product : rangeProduct }),
    expect: staffOnly(201),
  },
  { route: 'GET /api/product-facets', access: 'open', request: get('/api/product-facets'), expect: all(200) },
  { route: 'GET /api/size-charts', access: 'staff', request: get('/api/size-charts'), expect: staffOnly(200) },
  { route: 'PUT /api/size-charts/:category', access: 'staff', request: body('PUT', '/api/size-charts/Kurtis', sizeChart), expect: staffOnly(200) },
  // Removing is idempotent: the second caller finds the chart gone and is told the same.
  { route: 'DELETE /api/size-charts/:category', access: 'staff', request: body('DELETE', '/api/size-charts/Lehengas'), expect: staffOnly(200) },
  // Issue 29: a PIN's place and delivery dates for anyone; the PIN lists the staff keep.
  { route: 'GET /api/pincodes/:pin', access: 'open', request: get('/api/pincodes/400050'), expect: all(200) },
  { route: 'GET /api/delivery/pincode-rules', access: 'staff', request: get('/api/delivery/pincode-rules'), expect: staffOnly(200) },
  { route: 'PUT /api/delivery/pincode-rules', access: 'staff', request: body('PUT', '/api/delivery/pincode-rules', { noDelivery: ['7930'], noCod: ['744'] }), expect: staffOnly(200) },
  {
    route: 'POST /api/delivery/pincode-rules/import',
    access: 'staff',
    request: () => ({ method: 'POST', url: '/api/delivery/pincode-rules/import?list=noCod', payload: 'pincode\n744101\n', headers: { 'content-type': 'text/csv' } }),
    expect: staffOnly(200),
  },
  {
    route: 'PATCH /api/products/:id',
    access: 'staff',
    request: (w) => ({ method: 'PATCH', url: `/api/products/${w.productId}`, payload: { price: 1999 } }),
    expect: staffOnly(200),
  },

  { route: 'GET /api/brands', access: 'open', request: get('/api/brands?inUse=true'), expect: all(200) },
  { route: 'POST /api/brands', access: 'staff', request: (_w, actor) => ({ method: 'POST', url: '/api/brands', payload: { label: `Brand ${actor}` } }), expect: staffOnly(201) },
  { route: 'GET /api/category', access: 'open', request: get('/api/category?inUse=true'), expect: all(200) },
  { route: 'POST /api/category', access: 'staff', request: (_w, actor) => ({ method: 'POST', url: '/api/category', payload: { label: `Category ${actor}` } }), expect: staffOnly(201) },

  { route: 'GET /api/cart', access: 'user', request: get('/api/cart'), expect: userOnly(200) },
  {
    route: 'POST /api/cart',
    access: 'user',
    request: (w) => ({
      method: 'POST',
      url: '/api/cart',
      payload: { product: w.productId, quantity: 1, color: '#aa2233', size: 44 },
    }),
    expect: userOnly(201),
  },
  { route: 'DELETE /api/cart', access: 'user', request: body('DELETE', '/api/cart'), expect: userOnly(204) },
  {
    route: 'POST /api/cart/quote',
    access: 'open',
    request: (w) => ({ method: 'POST', url: '/api/cart/quote', payload: { items: [{ product: w.productId, quantity: 1, color: '#aa2233', size: 44 }] } }),
    expect: all(200),
  },
  {
    route: 'POST /api/cart/merge',
    access: 'user',
    request: (w) => ({ method: 'POST', url: '/api/cart/merge', payload: { items: [{ product: w.productId, quantity: 1, color: '#aa2233', size: 44 }] } }),
    expect: userOnly(200),
  },
  {
    route: 'PATCH /api/cart/:id',
    access: 'user',
    request: (w) => ({ method: 'PATCH', url: `/api/cart/${w.aCartLineId}`, payload: { quantity: 2 } }),
    // Another user's line is 404, as if it did not exist (docs/product.md, Cart calls).
    expect: ownerOnly(200, 404),
  },
  {
    route: 'DELETE /api/cart/:id',
    access: 'user',
    request: (w) => ({ method: 'DELETE', url: `/api/cart/${w.aCartLineId}` }),
    expect: ownerOnly(200, 404),
  },

  {
    route: 'POST /api/orders',
    access: 'user',
    request: body('POST', '/api/orders', orderPayload('cash')),
    expect: userOnly(201),
  },
  {
    route: 'GET /api/orders/owner',
    access: 'user',
    request: get('/api/orders/owner?_page=1&_per_page=10'),
    expect: userOnly(200),
  },
  {
    route: 'GET /api/orders/owner/:query',
    access: 'user',
    request: get('/api/orders/owner/_page=1&_per_page=10&'),
    expect: userOnly(200),
  },
  {
    route: 'GET /api/orders/admin',
    access: 'staff',
    request: get('/api/orders/admin?_sort=createdAt&_order=desc'),
    expect: staffOnly(200),
  },
  {
    route: 'GET /api/orders/admin/:query',
    access: 'staff',
    request: get('/api/orders/admin/_sort=createdAt&_order=desc&_page=1&_per_page=12&'),
    expect: staffOnly(200),
  },
  // Issue 16: the orders of packing slips, in one read.
  {
    route: 'GET /api/orders/slips',
    access: 'staff',
    request: (w) => ({ method: 'GET', url: `/api/orders/slips?ids=${w.aOrderId}` }),
    expect: staffOnly(200),
  },
  {
    route: 'GET /api/orders/export',
    access: 'admin',
    request: get('/api/orders/export?status=pending&status=delivered&paymentMethod=cash&from=2026-01-01'),
    expect: adminOnly(200),
  },
  // docs/product.md, Order calls: one order for its owner or an admin; anyone else is told it does not exist.
  { route: 'GET /api/orders/:id', access: 'user', request: (w) => ({ method: 'GET', url: `/api/orders/${w.aOrderId}` }), expect: orderViewers },
  // Issue 16: packing slips of listed orders, for an admin (the row was missing after its merge).
  // Issue 15: an order's tax invoice and credit note, to the owner and an admin; 404 to anyone else.
  { route: 'GET /api/orders/:id/invoice', access: 'user', request: (w) => ({ method: 'GET', url: `/api/orders/${w.aOrderId}/invoice` }), expect: orderViewers },
  {
    route: 'GET /api/orders/:id/credit-note',
    access: 'user',
    request: (w) => ({ method: 'GET', url: `/api/orders/${w.aCancelledOrderId}/credit-note` }),
    expect: orderViewers,
  },
  { route: 'GET /api/reports/gst', access: 'admin', request: get('/api/reports/gst?month=2026-11'), expect: adminOnly(200) },
  // Issue 16: the order's status steps, for its owner (without names) or an admin.
  {
    route: 'GET /api/orders/:id/history',
    access: 'user',
    request: (w) => ({ method: 'GET', url: `/api/orders/${w.aOrderId}/history` }),
    expect: orderViewers,
  },
  // Issue 26: a shopper cancels their own order before dispatch; the world is rebuilt for every row.
  {
    route: 'POST /api/orders/:id/cancel',
    access: 'user',
    request: (w) => ({ method: 'POST', url: `/api/orders/${w.aOrderId}/cancel`, payload: { reason: 'mistake' } }),
    expect: ownerOnly(200, 404),
  },
  // Issue 29: the confirmation link is the key; without it no one sees or confirms an order. Staff
  // confirm without a token, and A's cash order needs no confirmation (the shop's default).
  {
    route: 'GET /api/orders/:id/confirm',
    access: 'open',
    request: (w) => ({ method: 'GET', url: `/api/orders/${w.aOrderId}/confirm?token=${'t'.repeat(32)}` }),
    expect: all(404),
  },
  {
    route: 'POST /api/orders/:id/confirm',
    access: 'open',
    request: (w) => ({ method: 'POST', url: `/api/orders/${w.aOrderId}/confirm` }),
    expect: { out: 401, a: 403, b: 403, staff: 409, admin: 409 },
  },
  {
    route: 'PATCH /api/orders/:id',
    access: 'staff',
    request: (w) => ({
      method: 'PATCH',
      url: `/api/orders/${w.aOrderId}`,
      payload: { status: 'dispatched' },
    }),
    expect: staffOnly(200),
  },

  // Issue 30: shipping. Staff's call goes through; the owner's, in the same world and whatever came
  // first, is refused by what it asks (a reason too short; Shiprocket, which this shop has not set up).
  {
    route: 'POST /api/orders/:id/reopen',
    access: 'staff',
    request: (w, actor) => ({
      method: 'POST',
      url: `/api/orders/${w.aCancelledOrderId}/reopen`,
      payload: { reason: actor === 'admin' ? 'no' : 'The shopper called back' },
    }),
    expect: { out: 401, a: 403, b: 403, staff: 200, admin: 400 },
  },
  {
    route: 'POST /api/orders/:id/shipments',
    access: 'staff',
    request: (w, actor) => ({
      method: 'POST',
      url: `/api/orders/${w.aOrderId}/shipments`,
      payload: actor === 'admin' ? { courier: 'shiprocket' } : { courier: 'manual', courierName: 'Delhivery', awb: `MX${w.aOrderId}000001` },
    }),
    expect: { out: 401, a: 403, b: 403, staff: 201, admin: 409 },
  },
  // Booking many is Shiprocket's, which this shop has not set up; no batch has been started.
  { route: 'POST /api/orders/shipments/batch', access: 'staff', request: (w) => ({ method: 'POST', url: '/api/orders/shipments/batch', payload: { ids: [w.aOrderId], courier: 'shiprocket' } }), expect: staffOnly(409) },
  { route: 'GET /api/shipping/batches/:id', access: 'staff', request: get('/api/shipping/batches/1'), expect: staffOnly(404) },
  { route: 'GET /api/orders/:id/shipments', access: 'staff', request: (w) => ({ method: 'GET', url: `/api/orders/${w.aOrderId}/shipments` }), expect: staffOnly(200) },
  // A's order is not booked: no label to print yet.
  { route: 'GET /api/orders/:id/label', access: 'staff', request: (w) => ({ method: 'GET', url: `/api/orders/${w.aOrderId}/label` }), expect: staffOnly(409) },
  { route: 'GET /api/orders/labels', access: 'staff', request: (w) => ({ method: 'GET', url: `/api/orders/labels?ids=${w.aOrderId}` }), expect: staffOnly(409) },
  // Open: without the order's phone or email the reply has no address.
  { route: 'GET /api/track/:ref', access: 'open', request: (w) => ({ method: 'GET', url: `/api/track/${w.aOrderId}` }), expect: all(200) },
  { route: 'GET /api/shipping/quote', access: 'user', request: get('/api/shipping/quote?pin=400050'), expect: userOnly(200) },
  { route: 'GET /api/shipping/couriers', access: 'staff', request: get('/api/shipping/couriers'), expect: staffOnly(200) },
  { route: 'GET /api/shipping/couriers/shiprocket', access: 'admin', request: get('/api/shipping/couriers/shiprocket'), expect: adminOnly(200) },
  {
    route: 'PUT /api/shipping/couriers/shiprocket',
    access: 'admin',
    request: body('PUT', '/api/shipping/couriers/shiprocket', { enabled: false, email: 'api@sareepari.example', password: 'not-a-real-one', pickupLocation: 'Primary', webhookToken: 'token-0123456789abcdef' }),
    expect: adminOnly(200),
  },
  // Issue 31: returns and refunds. A asked to return one of the two; asking for the other is A's alone.
  { route: 'POST /api/returns/photos', access: 'user', request: (w) => ({ method: 'POST', url: '/api/returns/photos', ...multipart(w.png) }), expect: userOnly(201) },
  {
    route: 'POST /api/orders/:id/returns',
    access: 'user',
    request: (w) => ({ method: 'POST', url: `/api/orders/${w.aDeliveredOrderId}/returns`, payload: { items: [{ itemId: w.aDeliveredItemId, quantity: 1, reason: 'colour' }], refundTo: { upi: 'asha.canary@okaxis' } } }),
    expect: ownerOnly(201, 404),
  },
  { route: 'GET /api/orders/:id/returns', access: 'user', request: (w) => ({ method: 'GET', url: `/api/orders/${w.aDeliveredOrderId}/returns` }), expect: orderViewers },
  // Not approved yet: A is told so, anyone else that it does not exist.
  { route: 'POST /api/returns/:id/pickup', access: 'user', request: (w) => ({ method: 'POST', url: `/api/returns/${w.aReturnId}/pickup`, payload: { courierName: 'India Post', awb: 'EE123456789IN' } }), expect: ownerOnly(409, 404) },
  { route: 'GET /api/returns', access: 'staff', request: get('/api/returns?status=requested'), expect: staffOnly(200) },
  { route: 'GET /api/returns/:id', access: 'user', request: (w) => ({ method: 'GET', url: `/api/returns/${w.aReturnId}` }), expect: orderViewers },
  // Staff approve it; the owner rejects it (from requested or approved alike).
  {
    route: 'PATCH /api/returns/:id',
    access: 'staff',
    request: (w, actor) => ({ method: 'PATCH', url: `/api/returns/${w.aReturnId}`, payload: actor === 'admin' ? { status: 'rejected', reason: 'Worn and washed' } : { status: 'approved' } }),
    expect: staffOnly(200),
  },
  // A's cancelled order was cash: nothing was paid online to refund.
  { route: 'POST /api/orders/:id/refunds', access: 'admin', request: (w) => ({ method: 'POST', url: `/api/orders/${w.aCancelledOrderId}/refunds`, payload: { amount: 100 } }), expect: adminOnly(409) },
  { route: 'PATCH /api/refunds/:id', access: 'admin', request: body('PATCH', '/api/refunds/1', { reference: 'UPI-12345678' }), expect: adminOnly(404) },
  {
    route: 'GET /api/orders/:id/credit-notes/:docId',
    access: 'user',
    request: (w) => ({ method: 'GET', url: `/api/orders/${w.aCancelledOrderId}/credit-notes/${w.aCreditNoteId}` }),
    expect: orderViewers,
  },
  // Authenticated by the courier's token; Shiprocket is not set up in this world.
  { route: 'POST /api/shipping/webhook/:courier', access: 'open', signed: true, request: body('POST', '/api/shipping/webhook/shiprocket', { awb: '1' }), expect: all(404) },

  // Issue 32: promotions are the owner's; every shopper has a line in the cart the code applies to.
  { route: 'GET /api/promotions', access: 'admin', request: get('/api/promotions?page=1'), expect: adminOnly(200) },
  { route: 'POST /api/promotions', access: 'admin', request: body('POST', '/api/promotions', { name: 'Diwali Sale', kind: 'percent', value: 20, startsAt: '2026-10-20T00:00:00+05:30', endsAt: '2026-11-03T00:00:00+05:30' }), expect: adminOnly(201) },
  { route: 'GET /api/promotions/:id', access: 'admin', request: (w) => ({ method: 'GET', url: `/api/promotions/${w.promotionId}` }), expect: adminOnly(200) },
  { route: 'PATCH /api/promotions/:id', access: 'admin', request: (w) => ({ method: 'PATCH', url: `/api/promotions/${w.promotionId}`, payload: { priority: 3 } }), expect: adminOnly(200) },
  { route: 'DELETE /api/promotions/:id', access: 'admin', request: (w) => ({ method: 'DELETE', url: `/api/promotions/${w.promotionId}` }), expect: adminOnly(204) },
  { route: 'POST /api/promotions/:id/codes', access: 'admin', request: (w) => ({ method: 'POST', url: `/api/promotions/${w.promotionId}/codes`, payload: { count: 3 } }), expect: adminOnly(201) },
  { route: 'GET /api/promotions/:id/codes.csv', access: 'admin', request: (w) => ({ method: 'GET', url: `/api/promotions/${w.promotionId}/codes.csv` }), expect: adminOnly(200) },
  { route: 'GET /api/cart/offers', access: 'user', request: get('/api/cart/offers'), expect: userOnly(200) },
  { route: 'POST /api/cart/promo-code', access: 'user', request: body('POST', '/api/cart/promo-code', { code: 'matrix10' }), expect: userOnly(200) },
  { route: 'DELETE /api/cart/promo-code', access: 'user', request: body('DELETE', '/api/cart/promo-code'), expect: userOnly(200) },

  // Issue 33: reviews (marker R).
  { route: 'GET /api/products/:id/reviews', access: 'open', request: (w) => ({ method: 'GET', url: `/api/products/${w.productId}/reviews?sort=highest` }), expect: all(200) },
  // Only A bought it; everyone else is told only buyers may review.
  {
    route: 'POST /api/products/:id/reviews',
    access: 'user',
    request: (w) => ({ method: 'POST', url: `/api/products/${w.productId}/reviews`, payload: { rating: 5, title: 'Lovely drape', body: 'Soft silk, bright zari.', photos: [w.uploadedPath] } }),
    expect: { out: 401, a: 201, b: 403, staff: 403, admin: 403 },
  },
  { route: 'POST /api/reviews/photos', access: 'user', request: (w) => ({ method: 'POST', url: '/api/reviews/photos', ...multipart(w.png) }), expect: userOnly(201) },
  { route: 'GET /api/reviews', access: 'staff', request: get('/api/reviews?status=published&page=1'), expect: staffOnly(200) },
  { route: 'PATCH /api/reviews/:id', access: 'admin', request: (w) => ({ method: 'PATCH', url: `/api/reviews/${w.aReviewId}`, payload: { status: 'hidden', reply: 'Thank you!' } }), expect: adminOnly(200) },
  // Issue 33: wishlist and back in stock (marker W).
  { route: 'GET /api/wishlist', access: 'user', request: get('/api/wishlist'), expect: userOnly(200) },
  { route: 'PUT /api/wishlist/:productId', access: 'user', request: (w) => ({ method: 'PUT', url: `/api/wishlist/${w.productId}` }), expect: userOnly(200) },
  { route: 'DELETE /api/wishlist/:productId', access: 'user', request: (w) => ({ method: 'DELETE', url: `/api/wishlist/${w.productId}` }), expect: userOnly(204) },
  { route: 'POST /api/wishlist/merge', access: 'user', request: (w) => ({ method: 'POST', url: '/api/wishlist/merge', payload: { productIds: [w.productId] } }), expect: userOnly(200) },
  { route: 'GET /api/wishlist/mails', access: 'user', request: get('/api/wishlist/mails'), expect: userOnly(200) },
  { route: 'PUT /api/wishlist/mails', access: 'user', request: body('PUT', '/api/wishlist/mails', { priceDropMails: false }), expect: userOnly(200) },
  {
    route: 'POST /api/products/:id/notify-me',
    access: 'open',
    // A guest names an email; a signed-in caller's own account email is used instead.
    request: (w) => ({ method: 'POST', url: `/api/products/${w.soldOutProductId}/notify-me`, payload: { email: 'matrix-guest@example.com' } }),
    expect: all(200),
  },
  { route: 'POST /api/notify-me/confirm', access: 'open', request: (w, actor) => ({ method: 'POST', url: '/api/notify-me/confirm', payload: { token: w.notifyTokens[actor] } }), expect: all(200) },
  // Issue 33: customers (marker C).
  // The owner and staff see every shopper's figures (A's canary data included); shoppers are refused, B never sees A.
  { route: 'GET /api/customers', access: 'staff', request: get('/api/customers?search=canary&page=1'), expect: staffOnly(200) },
  { route: 'GET /api/customers/:id', access: 'staff', request: (w) => ({ method: 'GET', url: `/api/customers/${w.people.a.id}` }), expect: staffOnly(200) },
  // docs/security.md, Access: customers' names, emails and phones in a file are the owner's, as the orders CSV.
  { route: 'GET /api/customers/export', access: 'admin', request: get('/api/customers/export?search=canary'), expect: adminOnly(200) },

  { route: 'GET /api/settings', access: 'open', request: get('/api/settings'), expect: all(200) },
  { route: 'GET /api/settings/admin', access: 'admin', request: get('/api/settings/admin'), expect: adminOnly(200) },
  {
    route: 'PUT /api/settings',
    access: 'admin',
    request: body('PUT', '/api/settings', {
      legalName: 'Saree Pari Retail LLP',
      address: '12 Linking Road, Bandra West, Mumbai 400050',
      state: 'Maharashtra',
      gstin: '27AAAAA0000A1Z2',
      grievanceName: 'Meera Iyer',
      grievanceEmail: 'grievance@sareepari.example',
      supportPhone: '+91 98200 12345',
      supportEmail: 'hello@sareepari.example',
      lowStockThreshold: 5,
    }),
    expect: adminOnly(200),
  },
  // Issue 27: the owner's logo and favicon.
  {
    route: 'POST /api/settings/pictures',
    access: 'admin',
    request: (w) => ({ method: 'POST', url: '/api/settings/pictures', ...multipart(w.png) }),
    expect: adminOnly(200),
  },

  { route: 'GET /api/payment/config', access: 'open', request: get('/api/payment/config'), expect: all(200) },
  {
    route: 'GET /api/dashboard',
    access: 'staff',
    request: get('/api/dashboard?from=2026-03-01&to=2026-03-31'),
    expect: staffOnly(200),
  },
  {
    route: 'GET /api/jobs/failed',
    access: 'admin',
    request: get('/api/jobs/failed'),
    expect: adminOnly(200),
  },
  // docs/product.md, Staff: the owner alone manages staff; the invitation's link is open, its token the credential.
  { route: 'GET /api/staff', access: 'admin', request: get('/api/staff'), expect: adminOnly(200) },
  {
    route: 'POST /api/staff/invites',
    access: 'admin',
    request: (_w, actor) => ({ method: 'POST', url: '/api/staff/invites', payload: { name: 'Meera Iyer', email: `invitee-${actor}@example.com` } }),
    expect: adminOnly(201),
  },
  { route: 'DELETE /api/staff/invites/:id', access: 'admin', request: (w) => ({ method: 'DELETE', url: `/api/staff/invites/${w.staffInviteId}` }), expect: adminOnly(200) },
  { route: 'DELETE /api/staff/:id', access: 'admin', request: (w) => ({ method: 'DELETE', url: `/api/staff/${w.people.staff.id}` }), expect: adminOnly(200) },
  {
    route: 'POST /api/staff/accept',
    access: 'open',
    request: body('POST', '/api/staff/accept', { token: 'x'.repeat(43), password: 'NewSilk2025' }),
    expect: all(400),
  },
  {
    route: 'GET /api/payment/checkout.js',
    access: 'open',
    request: get('/api/payment/checkout.js'),
    expect: all(200),
  },
  {
    route: 'POST /api/payment/initiate',
    access: 'user',
    request: body('POST', '/api/payment/initiate', orderPayload('card')),
    expect: userOnly(201),
  },
  {
    route: 'POST /api/payment/verify',
    access: 'open',
    signed: true,
    // The provider's signature is the credential: without a valid one nobody gets anywhere.
    request: (w) => ({
      method: 'POST',
      url: '/api/payment/verify',
      payload: {
        razorpay_order_id: w.aProviderOrderId,
        razorpay_payment_id: 'pay_forged',
        razorpay_signature: '0'.repeat(64),
      },
    }),
    expect: all(400),
  },
  {
    route: 'POST /api/payment/webhook',
    access: 'open',
    signed: true,
    request: (w) => ({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'x-razorpay-signature': '0'.repeat(64) },
      payload: { event: 'order.paid', payload: { order: { entity: { id: w.aProviderOrderId } } } },
    }),
    expect: all(400),
  },
  {
    route: 'POST /api/payment/test-sign',
    access: 'user',
    // The built-in test provider's stand-in for the card network (no money moves; 404 with Razorpay):
    // it signs only the caller's own payment, and anyone else's is "not found", the admin's too.
    request: (w) => ({
      method: 'POST',
      url: '/api/payment/test-sign',
      payload: { order_id: w.aProviderOrderId },
    }),
    expect: ownerOnly(200, 404),
  },
];

async function person(db: Db, role: Role, email: string): Promise<Person> {
  const user = await insertUser(db, { role, email });
  return { id: user.id, email: user.email, cookie: await sessionCookie(db, user.id) };
}

/**
 * A fresh world on an emptied database: shopper A with a saved address, a cart line, a cash order
 * and a card order awaiting payment, all marked with the canary; B, staff and the admin each with a line;
 * a pending staff invitation.
 */
export async function buildWorld(t: TestApp, png: Buffer, uploadedPath: string): Promise<World> {
  await t.reset();
  const a = await person(t.db, 'user', 'asha.canary@example.com');
  const b = await person(t.db, 'user', 'ravi@example.com');
  const admin = await person(t.db, 'admin', 'admin@example.com');
  const staff = await person(t.db, 'staff', 'staff@example.com');
  const invite = await createInvite(t.db, { name: 'Meera Iyer', email: 'meera@example.com' }, admin.id);
  await t.app.inject({
    method: 'PATCH',
    url: `/api/users/${a.id}`,
    headers: { cookie: a.cookie },
    payload: { addresses: [CANARY_ADDRESS] },
  });
  const p = await insertProduct(t.db, { title: 'Matrix Kanjivaram', stock: 100, sizes: [42, 44] });
  const order = await placeCashOrder(t.app, t.db, { user: a, cookie: a.cookie }, [{ productId: p.id }]);
  const cancelled = await placeCashOrder(t.app, t.db, { user: a, cookie: a.cookie }, [{ productId: p.id }]);
  const cancel = await t.app.inject({ method: 'PATCH', url: `/api/orders/${cancelled.id}`, headers: { cookie: admin.cookie }, payload: { status: 'cancelled' } });
  if (cancel.statusCode !== 200) throw new Error(`cancel failed: ${cancel.body}`);
  const delivered = await placeCashOrder(t.app, t.db, { user: a, cookie: a.cookie }, [{ productId: p.id, quantity: 2 }]);
  const asAdmin = (method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject({ method, url, headers: { cookie: admin.cookie }, payload });
  await asAdmin('POST', `/api/orders/${delivered.id}/shipments`, { courier: 'manual', courierName: 'Delhivery', awb: 'MATRIX123456' });
  if ((await asAdmin('PATCH', `/api/orders/${delivered.id}`, { status: 'delivered' })).statusCode !== 200) throw new Error('delivery failed');
  const asked = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${delivered.id}/returns`,
    headers: { cookie: a.cookie },
    payload: { items: [{ itemId: delivered.items[0]!.id, quantity: 1, reason: 'size' }], refundTo: { upi: 'asha.canary@okaxis' } },
  });
  if (asked.statusCode !== 201) throw new Error(`return failed: ${asked.body}`);
  const [creditNote] = await rows<{ id: number }>(t.db, sql`select id from tax_documents where order_id = ${cancelled.id} and kind = 'credit_note'`);
  const line = await insertCartLine(t.db, a.id, p.id, 1);
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/payment/initiate',
    headers: { cookie: a.cookie },
    payload: { ...orderPayload('card'), selectedAddress: CANARY_ADDRESS },
  });
  if (card.statusCode !== 201) throw new Error(`card initiation failed: ${card.body}`);
  await insertCartLine(t.db, b.id, p.id, 1);
  await insertCartLine(t.db, admin.id, p.id, 1);
  await insertCartLine(t.db, staff.id, p.id, 1);
  await saveSizeChart(t.db, 'Lehengas', sizeChart as SizeChart);
  const [promotion] = await t.db.insert(promotions).values({ name: 'Matrix', kind: 'percent', valueHundredths: 1000, code: 'MATRIX10', startsAt: new Date(Date.now() - 86_400_000) }).returning();
  // World for issue 33: reviews (marker R-setup).
  const reviewed = await insertProduct(t.db, { title: 'Matrix Reviewed Saree' });
  const [aReview] = await rows<{ id: number }>(
    t.db,
    sql`insert into reviews (product_id, user_id, rating, title, body, status) values (${reviewed.id}, ${a.id}, 4, 'Matrix review', 'Soft silk', 'published') returning id`,
  );
  // World for issue 33: wishlist and back in stock (marker W-setup).
  const soldOut = await insertProduct(t.db, { title: 'Matrix Sold Out', stock: 0 });
  const notifyTokens = Object.fromEntries(ACTORS.map((actor) => [actor, randomBytes(24).toString('base64url')])) as Record<Actor, string>;
  for (const actor of ACTORS)
    await t.db.execute(
      sql`insert into stock_alerts (product_id, email, token_hash) values (${soldOut.id}, ${`matrix-${actor}@example.com`}, encode(sha256(convert_to(${notifyTokens[actor]}, 'UTF8')), 'hex'))`,
    );
  return {
    // R-fields
    aReviewId: aReview!.id,
    // W-fields
    soldOutProductId: soldOut.id,
    notifyTokens,
    people: { a, b, staff, admin },
    productId: p.id,
    aCartLineId: line.id,
    aOrderId: order.id,
    aCancelledOrderId: cancelled.id,
    aProviderOrderId: card.json<{ paymentId: string }>().paymentId,
    aDeliveredOrderId: delivered.id,
    aDeliveredItemId: delivered.items[0]!.id,
    aReturnId: asked.json<{ id: number }>().id,
    aCreditNoteId: creditNote!.id,
    staffInviteId: invite.id,
    promotionId: promotion!.id,
    png,
    uploadedPath,
  };
}

/** A small real PNG, and the path the upload route stored it under. */
export async function uploadedPicture(t: TestApp): Promise<{ png: Buffer; path: string }> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#7a1f2b' } })
    .png()
    .toBuffer();
  const admin = await person(t.db, 'admin', `uploader-${randomBytes(3).toString('hex')}@example.com`);
  const form = multipart(png);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { cookie: admin.cookie, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return { png, path: res.json<{ url: string }>().url };
}

/** The request of a row for an actor, with the actor's cookie. */
export function requestFor(c: RouteCase, w: World, actor: Actor): InjectOptions {
  const req = c.request(w, actor);
  const cookie = actor === 'out' ? {} : { cookie: w.people[actor].cookie };
  return { ...req, headers: { ...(req.headers as Record<string, string> | undefined), ...cookie } };
}

/** Shopper A's own rows, read from the database, to prove that nobody else's request changed them. */
export async function aState(t: TestApp, w: World): Promise<string> {
  const a = w.people.a.id;
  const found = await Promise.all([
    rows(
      t.db,
      sql`select name, phone_number, email, role, addresses, password_hash from users where id = ${a}`,
    ),
    rows(
      t.db,
      sql`select id, product_id, quantity, color, size from cart_items where user_id = ${a} order by id`,
    ),
    rows(
      t.db,
      sql`select id, status, payment_status, total_amount_paise, selected_address, listed from orders where user_id = ${a} order by id`,
    ),
    rows(
      t.db,
      sql`select i.id, i.quantity, i.product from order_items i join orders o on o.id = i.order_id where o.user_id = ${a} order by i.id`,
    ),
    rows(t.db, sql`select count(*)::int as n from sessions where user_id = ${a}`),
    rows(t.db, sql`select d.id, d.number, d.document from tax_documents d join orders o on o.id = d.order_id where o.user_id = ${a} order by d.id`),
  ]);
  return JSON.stringify(found);
}

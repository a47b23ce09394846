import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_COD_SETTINGS,
  DEFAULT_DELIVERY_SETTINGS,
  DEFAULT_SHIPPING_SETTINGS,
  type Order,
  type Shipment,
  type ShipmentBatch,
  type ShippingQuote,
  type ShippingSettings,
  type Tracking,
} from '@shop/shared';
import { mailTestApp } from '../../test/smtp.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { insertCartLine, insertProduct, orderPayload, productStock, shopper, testAddress } from '../../test/commerce.ts';
import { startShiprocketStandIn, type ShiprocketStandIn } from '../../test/shiprocket-stand-in.ts';
import { taxDocuments } from '../modules/invoices/invoices.table.ts';
import type { TaxDocument } from '../modules/invoices/document.ts';
import { products } from '../modules/products/products.table.ts';
import { shopSettings } from '../modules/settings/settings.table.ts';
import { courierAccounts, shipments } from '../modules/shipping/shipping.table.ts';
import { testDatabaseUrl } from '../../test/database-url.ts';
import { twoHostsOnPostgres, type TwoHosts } from '../../test/security/servers.ts';
import { pollShipments } from './shipping.ts';

let sr: ShiprocketStandIn;
beforeAll(async () => {
  // Held past the app's limit: a "timeout" still creates the order at Shiprocket, as the real one may.
  sr = await startShiprocketStandIn({ holdMs: 1_500 });
});
afterAll(() => sr.close());
// Each test's database numbers its orders from 1 again: so does Shiprocket's.
beforeEach(() => sr.reset());

/** A time Shiprocket's way ("26 11 2026 09:10:00", India's time), `minutes` from now. */
function istStamp(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000 + 330 * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())} ${two(d.getUTCMonth() + 1)} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}
const ctx = mailTestApp({ get SHIPROCKET_API_URL() { return sr.url; }, SHIPROCKET_TIMEOUT_MS: '400' } as unknown as Record<string, string>);

const WEBHOOK_TOKEN = 'webhook-token-0123456789';
const RATES: ShippingSettings = {
  ...DEFAULT_SHIPPING_SETTINGS,
  freeAboveRupees: 5000,
  rates: {
    local: { firstSlabRupees: 40, extraSlabRupees: 20 },
    state: { firstSlabRupees: 50, extraSlabRupees: 25 },
    metro: { firstSlabRupees: 60, extraSlabRupees: 30 },
    rest: { firstSlabRupees: 70, extraSlabRupees: 35 },
    remote: { firstSlabRupees: 90, extraSlabRupees: 45 },
  },
};

async function setShop(shipping: ShippingSettings = RATES) {
  await ctx.t.db
    .update(shopSettings)
    .set({ shipping, delivery: { ...DEFAULT_DELIVERY_SETTINGS, originPin: '400050' }, cod: DEFAULT_COD_SETTINGS })
    .where(eq(shopSettings.id, 1));
}

const admin = () => shopper(ctx.t.db, 'admin');
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, cookie?: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.t.app.inject({ method, url, headers: { ...(cookie && { cookie }), ...headers }, ...(payload && { payload }) });

/** A cash order of `quantity` × a ₹1,000 saree of `weightGrams`, in a box, to `address`. */
async function order(opts: { quantity?: number; weightGrams?: number | null; box?: { length: number; breadth: number; height: number } | null; address?: object; price?: number } = {}) {
  const who = await shopper(ctx.t.db);
  const product = await insertProduct(ctx.t.db, { price: opts.price ?? 1000, discountPercentage: 0, stock: 10 });
  await ctx.t.db
    .update(products)
    .set({ weightGrams: opts.weightGrams === undefined ? 800 : opts.weightGrams, packageCm: opts.box ?? null })
    .where(eq(products.id, product.id));
  await insertCartLine(ctx.t.db, who.user.id, product.id, opts.quantity ?? 1);
  const quote = await inject('GET', `/api/shipping/quote?pin=${(opts.address as { pinCode?: string } | undefined)?.pinCode ?? '400050'}`, who.cookie);
  const res = await inject('POST', '/api/orders', who.cookie, { ...orderPayload('cash'), ...(opts.address && { selectedAddress: { ...testAddress, ...opts.address } }) });
  expect(res.statusCode, res.body).toBe(201);
  return { who, product, order: res.json<Order>(), quote: quote.json<ShippingQuote>() };
}

async function invoiceOf(orderId: number): Promise<TaxDocument> {
  const [row] = await ctx.t.db.select({ document: taxDocuments.document }).from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
  return row!.document;
}

const bookManual = (cookie: string, id: number, awb = `AWB${id}X${Date.now() % 100000}`) =>
  inject('POST', `/api/orders/${id}/shipments`, cookie, { courier: 'manual', courierName: 'Delhivery', awb });

describe('shipping charges', () => {
  it('charges the greater of the actual and volumetric weight, up to the slab, at the zone’s rate, on the order and its invoice', async () => {
    await setShop();
    // 800 g actual; a 40 × 30 × 10 cm box is 2.4 kg volumetric: 2.5 kg is five 500 g slabs.
    const local = await order({ box: { length: 40, breadth: 30, height: 10 } });
    expect(local.quote).toMatchObject({ zone: 'local', chargedGrams: 2500, shippingRupees: 40 + 4 * 20 });
    expect(local.order.shippingRupees).toBe(120);
    expect(local.order.totalAmount).toBe(1000 + 120);
    const invoice = await invoiceOf(local.order.id);
    const line = invoice.lines.find((l) => l.description === 'Shipping charges')!;
    expect(line).toMatchObject({ amountPaise: 12000, ratePercent: invoice.lines[0]!.ratePercent, hsn: invoice.lines[0]!.hsn });
    expect(invoice.totals.totalPaise).toBe(112000);

    // Bengaluru is a metro outside the shop's state; two 800 g sarees without a box are 1.6 kg: four slabs.
    const metro = await order({ quantity: 2, address: { city: 'Bengaluru', state: 'Karnataka', pinCode: '560001' } });
    expect(metro.quote).toMatchObject({ zone: 'metro', chargedGrams: 2000, shippingRupees: 60 + 3 * 30 });
    expect(metro.order.shippingRupees).toBe(150);
    expect(metro.order.totalAmount).toBe(2000 + 150);
  });

  it('ships free from the threshold, weighs a product without a weight at the default, and charges nothing until rates are set', async () => {
    await setShop();
    const free = await order({ price: 5000 });
    expect(free.order.shippingRupees).toBe(0);
    expect(free.order.totalAmount).toBe(5000);
    const unweighed = await order({ weightGrams: null, address: { city: 'Chennai', state: 'Tamil Nadu', pinCode: '600086' } });
    expect(unweighed.quote).toMatchObject({ zone: 'metro', chargedGrams: 500, shippingRupees: 60 });
    await setShop(DEFAULT_SHIPPING_SETTINGS);
    const untouched = await order();
    expect(untouched.order).toMatchObject({ shippingRupees: 0, totalAmount: 1000 });
  });

  it('refuses a quote for a PIN that does not exist and a malformed one', async () => {
    const who = await shopper(ctx.t.db);
    expect((await inject('GET', '/api/shipping/quote?pin=999999', who.cookie)).statusCode).toBe(400);
    expect((await inject('GET', '/api/shipping/quote?pin=' + 'x'.repeat(60), who.cookie)).statusCode).toBe(400);
    expect((await inject('GET', '/api/shipping/quote?pin=400050')).statusCode).toBe(401);
  });
});

describe('booking with the manual courier', () => {
  it('ships the order with its courier and AWB, mails the tracking link, and refuses a second booking and a used AWB', async () => {
    await setShop();
    const boss = await admin();
    const { order: o } = await order();
    expect(o.stage).toBe('confirmed');
    const res = await bookManual(boss.cookie, o.id, 'DLV1234567');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Shipment>()).toMatchObject({ courier: 'manual', courierName: 'Delhivery', awb: 'DLV1234567', status: 'shipped' });
    const after = (await inject('GET', `/api/orders/${o.id}`, boss.cookie)).json<Order>();
    expect(after).toMatchObject({ status: 'dispatched', stage: 'shipped', shipment: { awb: 'DLV1234567', courierName: 'Delhivery' } });
    const mail = await ctx.smtp.waitForMail((m) => m.subject.includes(`order #${o.id} has been dispatched`));
    expect(mail.text).toContain(`/track/${o.id}`);
    expect(mail.text).toContain('DLV1234567');

    const again = await bookManual(boss.cookie, o.id, 'DLV7654321');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already booked');

    const { order: other } = await order();
    const taken = await bookManual(boss.cookie, other.id, 'DLV1234567');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`AWB DLV1234567 is already on order #${o.id}`);
    expect((await inject('GET', `/api/orders/${other.id}`, boss.cookie)).json<Order>()).toMatchObject({ stage: 'confirmed', shipment: null });
  });

  it('refuses to book a cancelled order, and a label for an unbooked one, changing nothing', async () => {
    await setShop();
    const boss = await admin();
    const { order: o } = await order();
    expect((await inject('GET', `/api/orders/${o.id}/label`, boss.cookie)).json().message).toBe(`Order #${o.id} has no shipment yet: book it first`);
    expect((await inject('PATCH', `/api/orders/${o.id}`, boss.cookie, { status: 'cancelled' })).statusCode).toBe(200);
    const res = await bookManual(boss.cookie, o.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('cancelled');
    expect(await ctx.t.db.select().from(shipments).where(eq(shipments.orderId, o.id))).toHaveLength(0);
  });

  it('books once when two admins book the same order at the same moment', async () => {
    await setShop();
    const [a, b] = [await admin(), await admin()];
    const { order: o } = await order();
    const replies = await Promise.all([bookManual(a.cookie, o.id, 'ADMINA0001'), bookManual(b.cookie, o.id, 'ADMINB0001')]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await ctx.t.db.select().from(shipments).where(eq(shipments.orderId, o.id))).toHaveLength(1);
  });

  it('prints the 4 × 6 label with the ship-to, the AWB, the COD amount and the invoice number, and many labels in one PDF', async () => {
    await setShop();
    const boss = await admin();
    const { order: a } = await order();
    const { order: b } = await order({ address: { name: 'Meera Iyer', city: 'Chennai', state: 'Tamil Nadu', pinCode: '600086' } });
    await bookManual(boss.cookie, a.id, 'LBL0000001');
    await bookManual(boss.cookie, b.id, 'LBL0000002');
    const one = await inject('GET', `/api/orders/${a.id}/label`, boss.cookie);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(one.rawPayload);
    for (const words of ['Asha Rao', '400050', 'LBL0000001', `Order #${a.id}`, 'COD', a.invoiceNumber!]) expect(text).toContain(words);
    const many = (await inject('GET', `/api/orders/labels?ids=${a.id},${b.id}`, boss.cookie)).rawPayload;
    expect(many.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(2);
    const both = await pdfText(many);
    expect(both).toContain('Meera Iyer');
    expect(both).toContain('LBL0000002');
    const shopperCookie = (await shopper(ctx.t.db)).cookie;
    expect((await inject('GET', `/api/orders/${a.id}/label`, shopperCookie)).statusCode).toBe(403);
  });
});

describe('the order’s stages', () => {
  it('offers only forward steps, and never takes a delivered or cancelled order back to pending at a click', async () => {
    await setShop();
    const boss = await admin();
    const { order: o } = await order();
    expect((await inject('PATCH', `/api/orders/${o.id}`, boss.cookie, { stage: 'delivered' })).statusCode).toBe(409);
    expect((await inject('PATCH', `/api/orders/${o.id}`, boss.cookie, { stage: 'packed' })).json<Order>()).toMatchObject({ stage: 'packed', status: 'pending' });
    expect((await inject('PATCH', `/api/orders/${o.id}`, boss.cookie, { stage: 'shipped' })).json().message).toContain('booking');
    await bookManual(boss.cookie, o.id);
    expect((await inject('PATCH', `/api/orders/${o.id}`, boss.cookie, { stage: 'out_for_delivery' })).json<Order>()).toMatchObject({ stage: 'out_for_delivery', status: 'dispatched' });
    expect((await inject('PATCH', `/api/orders/${o.id}`, boss.cookie, { status: 'delivered' })).json<Order>()).toMatchObject({ stage: 'delivered', cashCollected: true });
    const back = await inject('PATCH', `/api/orders/${o.id}`, boss.cookie, { status: 'pending' });
    expect(back.statusCode).toBe(409);
    const history = (await inject('GET', `/api/orders/${o.id}/history`, boss.cookie)).json<{ stage?: string }[]>();
    expect(history.map((h) => h.stage ?? null)).toEqual([null, 'packed', 'shipped', 'out_for_delivery', 'delivered']);
  });

  it('reopens a cancelled order only on purpose, with a reason, and issues its new invoice then', async () => {
    await setShop();
    const boss = await admin();
    const { order: o, product } = await order();
    await inject('PATCH', `/api/orders/${o.id}`, boss.cookie, { status: 'cancelled' });
    expect(await productStock(ctx.t.db, product.id)).toBe(10);
    const click = await inject('PATCH', `/api/orders/${o.id}`, boss.cookie, { status: 'pending' });
    expect(click.statusCode).toBe(409);
    expect(click.json().message).toContain('Reopen order');
    const invoices = async () => (await ctx.t.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, o.id))).length;
    expect(await invoices()).toBe(2);
    expect((await inject('POST', `/api/orders/${o.id}/reopen`, boss.cookie, { reason: 'no' })).statusCode).toBe(400);
    expect(await invoices()).toBe(2);
    const reopened = await inject('POST', `/api/orders/${o.id}/reopen`, boss.cookie, { reason: 'The shopper called: she wants it after all' });
    expect(reopened.json<Order>()).toMatchObject({ status: 'pending', stage: 'pending' });
    expect(await invoices()).toBe(3);
    expect(await productStock(ctx.t.db, product.id)).toBe(9);
    const history = (await inject('GET', `/api/orders/${o.id}/history`, boss.cookie)).json<{ note?: string }[]>();
    expect(history.at(-1)?.note).toBe('The shopper called: she wants it after all');
  });
});

const shiprocketAccount = (enabled = true) => ({
  enabled,
  email: sr.email,
  password: sr.password,
  pickupLocation: 'Primary',
  webhookToken: WEBHOOK_TOKEN,
});

async function shiprocketOrder(admin: { cookie: string }) {
  await inject('PUT', '/api/shipping/couriers/shiprocket', admin.cookie, shiprocketAccount());
  const placed = await order();
  const res = await inject('POST', `/api/orders/${placed.order.id}/shipments`, admin.cookie, { courier: 'shiprocket' });
  expect(res.statusCode, res.body).toBe(201);
  return { ...placed, shipment: res.json<Shipment>() };
}

const webhook = (awb: string, status: string, at: string, extra: object = {}, token = WEBHOOK_TOKEN) =>
  inject('POST', '/api/shipping/webhook/shiprocket', undefined, { awb, current_status: status, current_timestamp: at, scans: [], ...extra }, { 'x-api-key': token });

describe('booking with Shiprocket', () => {
  it('keeps the account’s password to itself, and books through the stand-in with an AWB and a tracking link', async () => {
    await setShop();
    const boss = await admin();
    const { order: o, shipment } = await shiprocketOrder(boss);
    expect((await inject('GET', '/api/shipping/couriers/shiprocket', boss.cookie)).json()).toEqual({ ...shiprocketAccount(), password: undefined, passwordSet: true });
    expect(shipment).toMatchObject({ courier: 'shiprocket', status: 'booked' });
    expect(shipment.awb).toBe(sr.order(`ORD-${o.id}`)!.awb);
    expect(shipment.trackingUrl).toContain(shipment.awb);
    expect((await inject('GET', `/api/orders/${o.id}`, boss.cookie)).json<Order>()).toMatchObject({ stage: 'shipped', status: 'dispatched' });
  });

  it('after a timeout, a retry books the order once', async () => {
    await setShop();
    const boss = await admin();
    await inject('PUT', '/api/shipping/couriers/shiprocket', boss.cookie, shiprocketAccount());
    const { order: o } = await order();
    sr.failNext('/v1/external/orders/create/adhoc', 'timeout');
    const first = await inject('POST', `/api/orders/${o.id}/shipments`, boss.cookie, { courier: 'shiprocket' });
    expect(first.statusCode).toBe(504);
    expect(first.json().message).toContain('will not book the parcel twice');
    expect((await inject('GET', `/api/orders/${o.id}`, boss.cookie)).json<Order>().stage).toBe('confirmed');
    // The stand-in finishes the create it held: Shiprocket has the order though we never heard so.
    await waitFor(() => sr.order(`ORD-${o.id}`) !== undefined);
    const retry = await inject('POST', `/api/orders/${o.id}/shipments`, boss.cookie, { courier: 'shiprocket' });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(sr.orders().filter((x) => x.channelOrderId === `ORD-${o.id}`)).toHaveLength(1);
    expect(await ctx.t.db.select().from(shipments).where(eq(shipments.orderId, o.id))).toHaveLength(1);
  });

  it('refuses Shiprocket before it is set up, and a refused order leaves the order free to book again', async () => {
    await setShop();
    const boss = await admin();
    const { order: o } = await order();
    const unset = await inject('POST', `/api/orders/${o.id}/shipments`, boss.cookie, { courier: 'shiprocket' });
    expect(unset.statusCode).toBe(409);
    await inject('PUT', '/api/shipping/couriers/shiprocket', boss.cookie, shiprocketAccount());
    sr.failNext('/v1/external/orders/create/adhoc', { status: 422, message: 'Invalid pincode' });
    sr.failNext('/v1/external/orders/create/adhoc', { status: 422, message: 'Invalid pincode' });
    const refused = await inject('POST', `/api/orders/${o.id}/shipments`, boss.cookie, { courier: 'shiprocket' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('Invalid pincode');
    expect((await bookManual(boss.cookie, o.id)).statusCode).toBe(201);
  });
});

describe('booking many orders at once', () => {
  it('books the ticked orders as a job, reports its progress, and names the one it could not book', async () => {
    await setShop();
    const boss = await admin();
    await inject('PUT', '/api/shipping/couriers/shiprocket', boss.cookie, shiprocketAccount());
    const ids = [(await order()).order.id, (await order()).order.id, (await order()).order.id];
    await inject('PATCH', `/api/orders/${ids[1]}`, boss.cookie, { status: 'cancelled' });
    const started = await inject('POST', '/api/orders/shipments/batch', boss.cookie, { ids, courier: 'shiprocket' });
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json<ShipmentBatch>();
    let progress = started.json<ShipmentBatch>();
    await waitForAsync(async () => (progress = (await inject('GET', `/api/shipping/batches/${id}`, boss.cookie)).json<ShipmentBatch>()).finished, 15_000);
    expect(progress).toMatchObject({ total: 3, done: 3, finished: true, failures: [{ orderId: ids[1], error: expect.stringContaining('cancelled') }] });
    expect(sr.orders().map((o) => o.channelOrderId).sort()).toEqual([`ORD-${ids[0]}`, `ORD-${ids[2]}`]);
    expect((await inject('GET', `/api/orders/${ids[2]}`, boss.cookie)).json<Order>().stage).toBe('shipped');
  });

  it('refuses a batch before Shiprocket is set up, a manual one, and more than 100 orders', async () => {
    const boss = await admin();
    expect((await inject('POST', '/api/orders/shipments/batch', boss.cookie, { ids: [1], courier: 'shiprocket' })).statusCode).toBe(409);
    expect((await inject('POST', '/api/orders/shipments/batch', boss.cookie, { ids: [1], courier: 'manual' })).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await inject('POST', '/api/orders/shipments/batch', boss.cookie, { ids: many, courier: 'shiprocket' })).json().message).toBe('Book up to 100 orders at a time');
    expect((await inject('GET', '/api/shipping/batches/99', boss.cookie)).statusCode).toBe(404);
  });
});

describe('the courier’s webhook', () => {
  it('moves the order to out for delivery and delivered, once per event, ignoring a late older one', async () => {
    await setShop();
    const boss = await admin();
    const { order: o, shipment } = await shiprocketOrder(boss);
    const out = await webhook(shipment.awb, 'OUT FOR DELIVERY', istStamp(60), { order_id: `ORD-${o.id}` });
    expect(out.json()).toEqual({ applied: true, moved: true });
    expect((await webhook(shipment.awb, 'OUT FOR DELIVERY', istStamp(60))).json()).toEqual({ applied: false, moved: false });
    // An earlier scan delivered late changes nothing.
    expect((await webhook(shipment.awb, 'IN TRANSIT', istStamp(30))).json()).toEqual({ applied: true, moved: false });
    expect((await inject('GET', `/api/orders/${o.id}`, boss.cookie)).json<Order>().stage).toBe('out_for_delivery');
    await webhook(shipment.awb, 'DELIVERED', istStamp(120));
    expect((await inject('GET', `/api/orders/${o.id}`, boss.cookie)).json<Order>()).toMatchObject({ stage: 'delivered', status: 'delivered', cashCollected: true });
    await ctx.smtp.waitForMail((m) => m.subject.includes(`order #${o.id} has been delivered`));
    const track = (await inject('GET', `/api/track/${shipment.awb}`)).json<Tracking>();
    expect(track.events.map((e) => e.description)).toEqual(['Order placed', 'Shipped', 'IN TRANSIT', 'OUT FOR DELIVERY', 'DELIVERED']);
  });

  it('marks a failed attempt for the owner at once, and a parcel back at the shop returned to origin with its stock back', async () => {
    await setShop();
    const boss = await admin();
    const { order: o, product, shipment } = await shiprocketOrder(boss);
    await webhook(shipment.awb, 'UNDELIVERED', istStamp(60));
    expect((await inject('GET', `/api/orders/${o.id}`, boss.cookie)).json<Order>()).toMatchObject({ stage: 'undelivered', status: 'dispatched' });
    await ctx.smtp.waitForMail((m) => m.subject === `Delivery failed: order #${o.id} (Asha Rao)`);
    await webhook(shipment.awb, 'RTO INITIATED', istStamp(24 * 60));
    await webhook(shipment.awb, 'RTO DELIVERED', istStamp(4 * 24 * 60));
    const back = (await inject('GET', `/api/orders/${o.id}`, boss.cookie)).json<Order>();
    expect(back).toMatchObject({ stage: 'rto', status: 'cancelled' });
    expect(back.creditNoteNumber).not.toBeNull();
    expect(await productStock(ctx.t.db, product.id)).toBe(10);
  });

  it('refuses a wrong token, a malformed body, an unknown AWB and an AWB sent for another order, changing nothing', async () => {
    await setShop();
    const boss = await admin();
    const { order: o, shipment } = await shiprocketOrder(boss);
    expect((await webhook(shipment.awb, 'DELIVERED', '26 11 2026 13:45:00', {}, 'wrong-token-0123456789')).statusCode).toBe(401);
    expect((await inject('POST', '/api/shipping/webhook/shiprocket', undefined, { awb: 1 }, { 'x-api-key': WEBHOOK_TOKEN })).statusCode).toBe(400);
    expect((await webhook('NOSUCHAWB1', 'DELIVERED', '26 11 2026 13:45:00')).statusCode).toBe(404);
    expect((await webhook(shipment.awb, 'DELIVERED', '26 11 2026 13:45:00', { order_id: 'ORD-999999' })).statusCode).toBe(409);
    expect((await inject('POST', '/api/shipping/webhook/bluedart', undefined, {})).statusCode).toBe(404);
    expect((await inject('GET', `/api/orders/${o.id}`, boss.cookie)).json<Order>().stage).toBe('shipped');
  });

  it('polls a parcel no webhook has reported, and the same event from both counts once', async () => {
    await setShop();
    const boss = await admin();
    const { order: o, shipment } = await shiprocketOrder(boss);
    sr.pushActivity(shipment.awb, { date: '2026-11-26 09:10:00', activity: 'Out for delivery', location: 'Bandra', 'sr-status': '17', 'sr-status-label': 'OUT FOR DELIVERY' });
    const fx = { jobs: ctx.t.app.jobs, webUrl: ctx.t.config.webUrl, publicUrl: ctx.t.config.publicUrl };
    expect(await pollShipments(ctx.t.db, fx, ctx.t.app.couriers)).toEqual({ polled: 1, moved: 1 });
    expect((await inject('GET', `/api/orders/${o.id}`, boss.cookie)).json<Order>().stage).toBe('out_for_delivery');
    // Just polled: not asked again for two hours.
    expect(await pollShipments(ctx.t.db, fx, ctx.t.app.couriers)).toEqual({ polled: 0, moved: 0 });
  });
});

describe('the tracking page’s data', () => {
  it('shows the timeline to anyone with the number, and the address only with the order’s phone or email', async () => {
    await setShop();
    const boss = await admin();
    const { order: o } = await order();
    await bookManual(boss.cookie, o.id, 'TRK0000001');
    const bare = (await inject('GET', `/api/track/${o.id}`)).json<Tracking>();
    expect(bare).toMatchObject({ orderId: o.id, stage: 'shipped', shipment: { awb: 'TRK0000001', courierName: 'Delhivery' }, deliverTo: null });
    expect(bare.expectedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await inject('GET', `/api/track/${o.id}?contact=98200%2012345`)).json<Tracking>().deliverTo).toMatchObject({ name: 'Asha Rao', pinCode: '400050' });
    expect((await inject('GET', `/api/track/TRK0000001?contact=ASHA@example.com`)).json<Tracking>().deliverTo).not.toBeNull();
    expect((await inject('GET', `/api/track/${o.id}?contact=9999999999`)).json<Tracking>().deliverTo).toBeNull();
    expect((await inject('GET', '/api/track/123456789')).statusCode).toBe(404);
    expect((await inject('GET', '/api/track/%3Cscript%3E')).statusCode).toBe(400);
  });
});

async function waitForAsync(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

// Registered on the PostgreSQL pass only (npm test runs the API suite on both databases).
if (testDatabaseUrl())
  describe('two admins booking one order with Shiprocket at once, on two server processes', () => {
    let hosts: TwoHosts;
    let courier: ShiprocketStandIn;
    beforeAll(async () => {
      courier = await startShiprocketStandIn();
      hosts = await twoHostsOnPostgres('shipment-race', { SHIPROCKET_API_URL: courier.url });
    }, 120_000);
    afterAll(async () => {
      await hosts?.close();
      await courier?.close();
    });

    it('books one parcel: one 201, the other told a booking is under way, one order at the courier', async () => {
      const { servers, database } = hosts;
      const db = database.db;
      await db.insert(courierAccounts).values({ courier: 'shiprocket', enabled: true, email: courier.email, password: courier.password, pickupLocation: 'Primary', webhookToken: WEBHOOK_TOKEN });
      const who = await shopper(db);
      const product = await insertProduct(db, { price: 1500, discountPercentage: 0 });
      await insertCartLine(db, who.user.id, product.id, 1);
      const placed = await fetch(`${servers[0]!.url}/api/orders`, {
        method: 'POST',
        headers: { cookie: who.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(orderPayload('cash')),
      });
      const { id } = (await placed.json()) as Order;
      const [a, b] = [await shopper(db, 'admin'), await shopper(db, 'admin')];
      const replies = await Promise.all(
        [a, b].map((who, i) =>
          fetch(`${servers[i]!.url}/api/orders/${id}/shipments`, {
            method: 'POST',
            headers: { cookie: who.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ courier: 'shiprocket' }),
          }).then((r) => r.status),
        ),
      );
      expect(replies.sort()).toEqual([201, 409]);
      expect(courier.orders()).toHaveLength(1);
      expect(courier.awbsAssigned()).toBe(1);
      expect(await db.select().from(shipments).where(eq(shipments.orderId, id))).toHaveLength(1);
    });
  });

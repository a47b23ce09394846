import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderBodySchema, paymentVerifyBodySchema } from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { handleWebhook, initiatePayment, verifyPayment } from '../flows/card-payment.ts';
import { alertLowStock } from '../flows/low-stock.ts';
import { idempotencyHeaders } from '../flows/idempotency.ts';
import { expireReservations } from '../flows/reservations.ts';
import { settlementMail, type Settlement } from '../flows/settlement.ts';
import { orders } from '../modules/orders/orders.table.ts';
import { CHECKOUT_SCRIPT } from '../modules/payments/checkout-script.ts';
import { payments } from '../modules/payments/payments.table.ts';

const open = { access: 'open' as const };
/** Callbacks authenticated by the provider's signature, not by the cookie: no Origin check. */
const signed = { access: 'open' as const, originCheck: false };

/** A paid order's mail, enqueued in the transaction that paid it. */
const mailSettlement = (app: FastifyInstance) => async (tx: Tx, s: Settlement) => {
  await app.jobs.send(tx, 'mail', settlementMail(s, app.config.webUrl, await app.shopSettings(tx)));
};

/**
 * The expiry sweeper (decision 004): lapsed reservations are cancelled and their stock
 * returned, by a job. Every process asks for a sweep every `intervalMs`; the queue keeps at most one
 * waiting and one running, so one process sweeps at a time, and a dead one's turn passes to another.
 */
export async function startExpirySweeper(app: FastifyInstance, intervalMs: number): Promise<() => void> {
  await app.jobs.work('reservations.sweep', { pollingIntervalSeconds: Math.min(2, intervalMs / 1000) }, async () => {
    await expireReservations(app.db);
  });
  const ask = () => app.jobs.send(app.db, 'reservations.sweep', {}).catch((err: unknown) => app.log.error({ err }, 'asking for a reservation sweep failed'));
  await ask();
  const timer = setInterval(() => void ask(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The reply when the shop takes no card payments (decision 010): nothing is reserved. */
export const CARD_PAYMENTS_OFF = 'Card payments are not available. Please choose Cash on Delivery.';

const testSignBody = z.object({ order_id: z.string().min(1).max(100) });

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.payments;

  let stopSweeper: (() => void) | undefined;
  app.addHook('onReady', async () => {
    if (provider.name === 'test' && app.config.production) {
      app.log.warn('Card payments use the built-in test provider (PAYMENT_PROVIDER=test), which moves no money: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
    }
    stopSweeper = await startExpirySweeper(app, Math.max(1000, Math.min(60_000, app.config.paymentExpiryMs / 3)));
  });
  app.addHook('onClose', async () => stopSweeper?.());

  app.get('/config', { config: open }, async () => ({
    provider: provider.name,
    keyId: provider.keyId,
    checkoutScriptUrl: provider.checkoutScriptUrl,
    cardPayments: provider.name !== 'none',
  }));

  app.post('/initiate', { config: { access: 'user' }, schema: { body: orderBodySchema, headers: idempotencyHeaders } }, async (req, reply) => {
    if (req.body.paymentMethod !== 'card') throw badRequest('Cash orders are placed without the payment window');
    if (provider.name === 'none') throw badRequest(CARD_PAYMENTS_OFF);
    const result = await initiatePayment(app.db, provider, req.user!.id, req.body, {
      expiryMs: app.config.paymentExpiryMs,
      idempotencyKey: req.headers['idempotency-key'],
      log: (err) => req.log.error({ err }, 'payment provider refused the order'),
      // Issue 16: the reservation took the stock; a product it took to the threshold is mailed about.
      onPlaced: async (tx, order, shop, taken) => {
        await alertLowStock(tx, app.jobs, order, app.config.webUrl, shop.lowStockThreshold, taken);
      },
    });
    app.jobs.wake('mail');
    return reply.code(201).send(result);
  });

  // JSON from the web app, or a form post from the provider's redirect flow (answered with a 302).
  app.post('/verify', { config: signed, schema: { body: paymentVerifyBodySchema } }, async (req, reply) => {
    const settlement = await verifyPayment(app.db, provider, req.body, mailSettlement(app));
    app.jobs.wake('mail');
    if (isFormPost(req)) return reply.redirect(`/order-success/${settlement.order.id}`, 302);
    return settlement.order;
  });

  // The webhook's signature covers the exact bytes sent, so this route keeps the raw body.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post('/webhook', { config: signed }, async (req) => {
      if (!Buffer.isBuffer(req.body)) throw badRequest('Invalid webhook body');
      const signature = req.headers['x-razorpay-signature'];
      const eventId = req.headers['x-razorpay-event-id'];
      const result = await handleWebhook(
        app.db,
        provider,
        req.body,
        typeof signature === 'string' ? signature : undefined,
        typeof eventId === 'string' ? eventId : undefined,
        mailSettlement(app),
      );
      app.jobs.wake('mail');
      return { ok: true, outcome: result.outcome };
    });
  });

  app.get('/checkout.js', { config: open }, async (_req, reply) => {
    if (provider.name !== 'test') throw notFound();
    return reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(CHECKOUT_SCRIPT);
  });

  // The test provider's "card network". As with a real card, only the shopper who opened the
  // payment window can pay: it signs a payment of the caller's own order, and answers anyone
  // else's id exactly like an unknown one. A cookie-carrying write, so the Origin check applies.
  app.post('/test-sign', { config: { access: 'user' }, schema: { body: testSignBody } }, async (req) => {
    if (!provider.signTestPayment) throw notFound();
    const [mine] = await app.db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.providerOrderId, req.body.order_id), eq(orders.userId, req.user!.id)));
    if (!mine) throw notFound('Payment not found');
    return provider.signTestPayment(req.body.order_id);
  });
};

function isFormPost(req: FastifyRequest): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

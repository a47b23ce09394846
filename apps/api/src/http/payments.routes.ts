import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderBodySchema, paymentVerifyBodySchema } from '@shop/shared';
import { badRequest, notFound } from '../lib/errors.ts';
import { handleWebhook, initiatePayment, verifyPayment } from '../flows/card-payment.ts';
import type { Effects } from '../flows/effects.ts';
import { idempotencyHeaders } from '../flows/idempotency.ts';
import { CHECKOUT_SCRIPT } from '../modules/payments/checkout-script.ts';
import { isShoppersPayment } from '../modules/payments/payments.service.ts';

const open = { access: 'open' as const };
// Callbacks authenticated by the provider's signature, not by the cookie: no Origin check.
const signed = { access: 'open' as const, originCheck: false };

export const CARD_PAYMENTS_OFF = 'Card payments are not available. Please choose Cash on Delivery.';

const testSignBody = z.object({ order_id: z.string().min(1).max(100) });

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.payments;
  const fx: Effects = { jobs: app.jobs, webUrl: app.config.webUrl, publicUrl: app.config.publicUrl };

  app.get('/config', { config: open }, async () => ({
    provider: provider.name,
    keyId: provider.keyId,
    checkoutScriptUrl: provider.checkoutScriptUrl,
    cardPayments: provider.name !== 'none',
  }));

  app.post('/initiate', { config: { access: 'user' }, schema: { body: orderBodySchema, headers: idempotencyHeaders } }, async (req, reply) => {
    if (req.body.paymentMethod !== 'card') throw badRequest('Cash orders are placed without the payment window');
    if (provider.name === 'none') throw badRequest(CARD_PAYMENTS_OFF);
    const result = await initiatePayment(app.db, fx, provider, req.user!, req.body, {
      expiryMs: app.config.paymentExpiryMs,
      idempotencyKey: req.headers['idempotency-key'],
      log: (err) => req.log.error({ err }, 'payment provider refused the order'),
    });
    return reply.code(201).send(result);
  });

  app.post('/verify', { config: signed, schema: { body: paymentVerifyBodySchema } }, async (req, reply) => {
    const settlement = await verifyPayment(app.db, fx, provider, req.body);
    if (isFormPost(req)) return reply.redirect(`/order-success/${settlement.order.id}`, 302);
    return settlement.order;
  });

  // The webhook's signature covers the exact bytes sent, so this route keeps the raw body.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post('/webhook', { config: signed }, async (req) => {
      if (!Buffer.isBuffer(req.body)) throw badRequest('Invalid webhook body');
      const result = await handleWebhook(app.db, fx, provider, req.body, header(req, 'x-razorpay-signature'), header(req, 'x-razorpay-event-id'));
      return { ok: true, outcome: result.outcome };
    });
  });

  app.get('/checkout.js', { config: open }, async (_req, reply) => {
    if (provider.name !== 'test') throw notFound();
    return reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(CHECKOUT_SCRIPT);
  });

  app.post('/test-sign', { config: { access: 'user' }, schema: { body: testSignBody } }, async (req) => {
    if (!provider.signTestPayment) throw notFound();
    if (!(await isShoppersPayment(app.db, req.body.order_id, req.user!.id))) throw notFound('Payment not found');
    return provider.signTestPayment(req.body.order_id);
  });
};

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function isFormPost(req: FastifyRequest): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

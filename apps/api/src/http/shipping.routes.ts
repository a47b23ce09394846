import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paiseToRupees, rupeesToPaise, PIN_MESSAGE, shipmentBatchBodySchema, shipmentBodySchema, shiprocketAccountSchema, trackParamsSchema, trackQuerySchema, type ShippingQuote } from '@shop/shared';
import { HttpError, notFound } from '../lib/errors.ts';
import type { Effects } from '../flows/effects.ts';
import { shippingCharge } from '../flows/shipping-charge.ts';
import { cartOffers } from '../flows/promotions.ts';
import { applyTrackingUpdate, bookShipment, labelFor, labelsFor, shipmentBatch, startShipmentBatch, trackingView, type CourierFor } from '../flows/shipping.ts';
import { listCart } from '../modules/cart/cart.service.ts';
import { getOrderRow } from '../modules/orders/orders.queries.ts';
import { orderIdParams, slipsQuerySchema } from '../modules/orders/orders.schemas.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { listShipments, publicAccount, saveShiprocketAccount, shiprocketAccount } from '../modules/shipping/shipments.service.ts';
import type { LabelData } from '../modules/shipping/label-pdf.ts';
import { parseShiprocketWebhook, WebhookRefused } from '../shipping/shiprocket.ts';

const tags = ['shipping'];
const staff = { access: 'staff' as const };
const quoteQuery = z.object({ pin: z.string({ error: PIN_MESSAGE }).max(50, PIN_MESSAGE) });
const courierParams = z.object({ courier: z.string().max(40) });
const batchParams = z.object({ id: z.coerce.number({ error: 'No such booking' }).int('No such booking').positive('No such booking').max(2_147_483_647, 'No such booking') });

async function pdf(lines: LabelData[]): Promise<Buffer> {
  // Loaded at the first label, not at start: most processes never print one.
  const { renderLabels } = await import('../modules/shipping/label-pdf.ts');
  return renderLabels(lines);
}

/** docs/product.md, Shipping: shipments, labels, tracking, the courier's webhooks and the checkout's quote. */
export function shippingRoutes(courierFor: CourierFor): FastifyPluginAsyncZod {
  return async (app) => {
    const fx: Effects = { jobs: app.jobs, webUrl: app.config.webUrl, publicUrl: app.config.publicUrl };

    app.post(
      '/orders/:id/shipments',
      { config: staff, schema: { tags, summary: 'Book the order’s shipment: by hand (courier and AWB) or with Shiprocket (staff)', params: orderIdParams, body: shipmentBodySchema } },
      async (req, reply) => reply.code(201).send(await bookShipment(app.db, fx, courierFor, req.params.id, req.body, req.user!.id)),
    );
    app.post(
      '/orders/shipments/batch',
      {
        config: staff,
        schema: { tags, summary: 'Book the ticked orders with Shiprocket, as a job → 202 with its progress (staff)', body: shipmentBatchBodySchema },
      },
      async (req, reply) => reply.code(202).send(await startShipmentBatch(app.db, fx, req.body.ids, req.user!.id)),
    );
    app.get(
      '/shipping/batches/:id',
      { config: staff, schema: { tags, summary: 'A bulk booking’s progress (staff)', params: batchParams } },
      async (req) => shipmentBatch(app.db, req.params.id),
    );
    app.get(
      '/orders/:id/shipments',
      { config: staff, schema: { tags, summary: 'The order’s shipments, oldest first (staff)', params: orderIdParams } },
      async (req) => {
        await getOrderRow(app.db, req.user!, req.params.id);
        return listShipments(app.db, req.params.id);
      },
    );

    app.get(
      '/orders/labels',
      { config: staff, schema: { tags, summary: 'The 4 × 6 inch labels of the ticked orders that have a shipment, one a page (staff)', querystring: slipsQuerySchema } },
      async (req, reply) => {
        const labels = await labelsFor(app.db, req.query.ids);
        if (labels.length === 0) throw new HttpError(409, 'None of these orders has a shipment yet: book them first');
        return reply
          .type('application/pdf')
          .header('content-disposition', 'inline; filename="labels.pdf"')
          .header('cache-control', 'private, no-cache')
          .send(await pdf(labels));
      },
    );
    app.get(
      '/orders/:id/label',
      { config: staff, schema: { tags, summary: 'The order’s 4 × 6 inch shipping label (staff)', params: orderIdParams } },
      async (req, reply) =>
        reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="label-${req.params.id}.pdf"`)
          .header('cache-control', 'private, no-cache')
          .send(await pdf([await labelFor(app.db, req.params.id)])),
    );

    app.get(
      '/track/:ref',
      {
        config: { access: 'open' },
        schema: {
          tags,
          summary: 'Where an order or parcel is, by order number or AWB; its address only with the order’s phone or email',
          params: trackParamsSchema,
          querystring: trackQuerySchema,
        },
      },
      async (req, reply) => reply.header('cache-control', 'no-store').send(await trackingView(app.db, req.params.ref.replace(/^#/, ''), req.query.contact)),
    );

    app.get(
      '/shipping/quote',
      { config: { access: 'user' }, schema: { tags, summary: 'The shipping charge for the shopper’s cart to a PIN, as the checkout will take it', querystring: quoteQuery } },
      async (req): Promise<ShippingQuote> => {
        const shop = await getShopSettings(app.db);
        const cart = (await listCart(app.db, req.user!.id)).filter((i) => !i.product.deleted);
        // As the checkout takes it: on the goods after their promotions, and nothing when one ships free.
        const offers = await cartOffers(app.db, req.user!.id, null, app.productCache);
        const goods = cart.reduce((sum, i) => sum + Math.round(i.product.discountedPrice * 100) * i.quantity, 0) - rupeesToPaise(offers.discountRupees);
        const lines = cart.map((i) => ({ productId: i.product.id, variantId: i.variant?.id ?? null, quantity: i.quantity }));
        const charge = await shippingCharge(app.db, shop, req.query.pin, lines, goods);
        return {
          pin: charge.pin,
          zone: charge.zone,
          chargedGrams: charge.grams,
          shippingRupees: offers.freeShipping ? 0 : paiseToRupees(charge.paise),
          freeAboveRupees: shop.shipping.freeAboveRupees,
        };
      },
    );

    app.get('/shipping/couriers', { config: staff, schema: { tags, summary: 'Which couriers the shop can book with (staff)' } }, async () => ({
      manual: true,
      shiprocket: (await shiprocketAccount(app.db))?.enabled ?? false,
    }));
    app.get(
      '/shipping/couriers/shiprocket',
      { config: { access: 'admin' }, schema: { tags, summary: 'The Shiprocket API user, without its password (admin)' } },
      async () => publicAccount(await shiprocketAccount(app.db)),
    );
    app.put(
      '/shipping/couriers/shiprocket',
      { config: { access: 'admin' }, schema: { tags, summary: 'Set the Shiprocket API user; without a password the saved one is kept (admin)', body: shiprocketAccountSchema } },
      (req) => saveShiprocketAccount(app.db, req.body),
    );

    // Each courier signs its own way; Shiprocket sends the token the owner set in x-api-key.
    app.post(
      '/shipping/webhook/:courier',
      { config: { access: 'open' }, schema: { tags, summary: 'A courier’s tracking event (authenticated by the courier’s token)', params: courierParams } },
      async (req) => {
        if (req.params.courier !== 'shiprocket') throw notFound(`No courier "${req.params.courier}" sends webhooks here`);
        const account = await shiprocketAccount(app.db);
        if (!account?.enabled) throw notFound('Shiprocket is not set up');
        let update;
        try {
          update = parseShiprocketWebhook(req.headers, req.body, account.webhookToken);
        } catch (err) {
          if (err instanceof WebhookRefused) throw new HttpError(err.statusCode, err.message);
          throw err;
        }
        if (!update) return { applied: false, reason: 'a status the shop does not follow' };
        const reference = typeof (req.body as { order_id?: unknown })?.order_id === 'string' ? (req.body as { order_id: string }).order_id : null;
        const result = await applyTrackingUpdate(app.db, fx, update, 'webhook', reference);
        return { applied: result.recorded, moved: result.moved };
      },
    );
  };
}


import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addDays, indiaDate } from '@shop/shared';
import { sendDailySummary } from '../flows/daily-summary.ts';
import { pruneIdempotencyKeys } from '../flows/idempotency.ts';
import { expireReservations } from '../flows/reservations.ts';
import { sweepUnconfirmed } from '../flows/cod.ts';
import { pollShipments } from '../flows/shipping.ts';
import { reconcilePayments } from '../flows/card-payment.ts';
import { reconcileRefunds } from '../flows/refunds.ts';
import { refundSettled } from '../flows/returns.ts';
import { scheduleCron, schedulePeriodic } from '../jobs/periodic.ts';
import { pruneSessions } from '../modules/auth/sessions.ts';
import { sweepPriceDrops, sweepRestocked } from '../flows/shoppers-back.ts';

const HOUR_MS = 60 * 60 * 1000;
const SHIPPING_POLL_MS = 30 * 60 * 1000;
const RECONCILE_MS = 15 * 60 * 1000;
const IDEMPOTENCY_KEY_LIFE_MS = 24 * HOUR_MS;
/** docs/product.md, Mails to the shop: 9:00 in India, about the India day before. */
export const DAILY_SUMMARY_CRON = { cron: '0 9 * * *', tz: 'Asia/Kolkata' } as const;

export const housekeepingPlugin = fp(async (app: FastifyInstance) => {
  const sweepEveryMs = Math.max(1000, Math.min(60_000, app.config.paymentExpiryMs / 3));
  schedulePeriodic(app, 'reservations.sweep', sweepEveryMs, async () => {
    await expireReservations(app.db);
  });
  // docs/product.md, Cash on delivery: unconfirmed orders cancelled at their deadline, reminded half-way.
  schedulePeriodic(app, 'cod.sweep', Math.min(60_000, sweepEveryMs * 3), async () => {
    await sweepUnconfirmed(app.db, { jobs: app.jobs, webUrl: app.config.webUrl, publicUrl: app.config.publicUrl });
  });
  // docs/product.md, Shipping: parcels a courier has not reported on in two hours are asked about.
  schedulePeriodic(app, 'shipping.poll', SHIPPING_POLL_MS, async () => {
    await pollShipments(app.db, { jobs: app.jobs, webUrl: app.config.webUrl, publicUrl: app.config.publicUrl }, app.couriers);
  });
  // Decision 043: card payments and refunds the provider has not told us about are asked after.
  schedulePeriodic(app, 'payments.reconcile', RECONCILE_MS, async () => {
    const fx = { jobs: app.jobs, webUrl: app.config.webUrl, publicUrl: app.config.publicUrl };
    await reconcilePayments(app.db, fx, app.payments);
    await reconcileRefunds(app.db, app.payments, refundSettled(fx));
  });
  // docs/product.md, Back in stock and Wishlist: restocks mailed within minutes, price drops once a day at most.
  schedulePeriodic(app, 'stock-alerts.sweep', Math.min(60_000, sweepEveryMs * 3), async () => {
    await sweepRestocked(app.db, { jobs: app.jobs, webUrl: app.config.webUrl, publicUrl: app.config.publicUrl });
  });
  schedulePeriodic(app, 'wishlist.sweep', 60_000, async () => {
    await sweepPriceDrops(app.db, { jobs: app.jobs, webUrl: app.config.webUrl, publicUrl: app.config.publicUrl }, app.productCache);
  });
  schedulePeriodic(app, 'sessions.prune', HOUR_MS, async () => {
    await pruneSessions(app.db, app.config.sessionIdleMs);
    await pruneIdempotencyKeys(app.db, IDEMPOTENCY_KEY_LIFE_MS);
  });
  scheduleCron(app, 'summary.daily', DAILY_SUMMARY_CRON.cron, DAILY_SUMMARY_CRON.tz, async (job) => {
    // The day before the one the job was due on, even when a retry runs it later.
    await sendDailySummary(
      app.db,
      { jobs: app.jobs, webUrl: app.config.webUrl, publicUrl: app.config.publicUrl },
      addDays(indiaDate(job.createdOn), -1),
    );
  });
});

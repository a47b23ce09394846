import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireReservations } from '../flows/reservations.ts';
import { schedulePeriodic } from '../jobs/periodic.ts';
import { pruneSessions } from '../modules/auth/sessions.ts';

const HOUR_MS = 60 * 60 * 1000;

export const housekeepingPlugin = fp(async (app: FastifyInstance) => {
  const sweepEveryMs = Math.max(1000, Math.min(60_000, app.config.paymentExpiryMs / 3));
  schedulePeriodic(app, 'reservations.sweep', sweepEveryMs, async () => {
    await expireReservations(app.db);
  });
  schedulePeriodic(app, 'sessions.prune', HOUR_MS, () => pruneSessions(app.db, app.config.sessionIdleMs));
});

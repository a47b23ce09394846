import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable, type Database } from '../db/client.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { failedJobs } from '../jobs/jobs.table.ts';
import { documentAttachment } from '../modules/invoices/invoice-mail.ts';
import { createPdfThread } from '../modules/invoices/pdf-thread.ts';
import { getShopBrand } from '../modules/settings/settings.service.ts';
import { courierCache } from '../shipping/couriers.ts';
import { runShipmentBatch } from '../flows/shipping.ts';
import { createPhoneSender, maskPhoneNumber, PermanentPhoneError } from '../phone/index.ts';

// Half the mail queue's expireInSeconds (jobs/queue.ts), so a job waiting out an outage does not expire.
const MAIL_OUTAGE_PATIENCE_MS = 60_000;

async function outlastOutage<T>(work: () => Promise<T>, deadline: number, closing: () => boolean): Promise<T> {
  for (;;) {
    try {
      return await work();
    } catch (err) {
      if (closing() || !isDatabaseUnavailable(err) || Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

export const jobsPlugin = fp(async (app: FastifyInstance, opts: { database: Database }) => {
  const jobs = createJobQueue(opts.database, (err, what) => app.log.error({ err }, `${what} failed`));
  app.decorate('jobs', jobs);
  app.decorate('phone', createPhoneSender(app.config.phone, (m) => app.log.warn(m)));
  app.decorate('couriers', courierCache(app.config.shiprocketApiUrl, app.config.shiprocketTimeoutMs));
  const pdfs = createPdfThread();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onReady', async () => {
    await jobs.start();
    await jobs.work('mail', { pollingIntervalSeconds: 1, batchSize: 25 }, async (job) => {
      try {
        const { attach, ...data } = job.data;
        const deadline = (Number(new Date(job.startedOn)) || Date.now()) + MAIL_OUTAGE_PATIENCE_MS;
        const attachment = attach
          ? await outlastOutage(() => documentAttachment(app.db, app.storage, attach.orderId, attach.kind, pdfs.render), deadline, () => closing)
          : undefined;
        const mail = data.fromName ? data : { ...data, fromName: (await outlastOutage(() => getShopBrand(app.db), deadline, () => closing)).shopName };
        await app.mailer.send(attachment ? { ...mail, attachments: [attachment] } : mail);
      } catch (err) {
        if (job.retryCount >= job.retryLimit) {
          await app.db
            .insert(failedJobs)
            .values({
              jobId: job.id,
              queue: job.name,
              summary: `${job.data.to}: ${job.data.subject}`,
              error: String(err).slice(0, 500),
              attempts: job.retryCount + 1,
            })
            .onConflictDoNothing();
        }
        throw err;
      }
    });
    // docs/product.md, Shipping: a bulk booking, one order after another.
    await jobs.work('shipping.book', { pollingIntervalSeconds: 2 }, async (job) => {
      await runShipmentBatch(app.db, { jobs: app.jobs, webUrl: app.config.webUrl, publicUrl: app.config.publicUrl }, app.couriers, job.data.batchId);
    });
    await jobs.work('phone', { pollingIntervalSeconds: 1, batchSize: 10 }, async (job) => {
      try {
        await app.phone.send(job.data);
      } catch (err) {
        // A bad number or a refusal by the provider stays so: recorded at once, and the job completes.
        const permanent = err instanceof PermanentPhoneError;
        if (permanent || job.retryCount >= job.retryLimit) {
          const { to, template, orderId } = job.data;
          await app.db
            .insert(failedJobs)
            .values({
              jobId: job.id,
              queue: job.name,
              summary: `phone ${template} to ${maskPhoneNumber(to)}${orderId === undefined ? '' : ` (order #${orderId})`}`,
              error: String(err).slice(0, 500),
              attempts: job.retryCount + 1,
            })
            .onConflictDoNothing();
        }
        if (!permanent) throw err;
        app.log.warn({ err, jobId: job.id }, 'a phone message cannot be sent');
      }
    });
  });
  // After the last mail job: left open, the pooled SMTP connections hold the process until they time out.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await pdfs.close();
    app.mailer.close();
    app.phone.close?.();
  });
});

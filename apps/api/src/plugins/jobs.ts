import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable, type Database } from '../db/client.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { failedJobs } from '../jobs/jobs.table.ts';
import { documentAttachment } from '../modules/invoices/invoice-mail.ts';
import { createPdfThread } from '../modules/invoices/pdf-thread.ts';

/** Half a mail job's expiry (jobs/queue.ts): past it, the job fails and is retried after its backoff. */
const MAIL_OUTAGE_PATIENCE_MS = 60_000;

/**
 * Runs `work` again while the database is away, until `deadline`: a mail whose job was taken just
 * before a restart then leaves as soon as the database is back, not after the job's retry delay.
 */
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

/**
 * The job queue (decision 014) for every process: started when the server is ready,
 * with the mail worker; stopped gracefully at close (running jobs finish). Mails are enqueued in
 * the transaction of the change that causes them, so a rolled-back order sends nothing, an SMTP
 * outage delays mail and loses none, and the queue hands each job to one process.
 */
export const jobsPlugin = fp(async (app: FastifyInstance, opts: { database: Database }) => {
  const jobs = createJobQueue(opts.database, (err, what) => app.log.error({ err }, `${what} failed`));
  app.decorate('jobs', jobs);
  // The attachments' PDFs are drawn on a thread of low priority (decision 026).
  const pdfs = createPdfThread();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onReady', async () => {
    await jobs.start();
    await jobs.work('mail', { pollingIntervalSeconds: 1, batchSize: 25 }, async (job) => {
      try {
        const { attach, ...mail } = job.data;
        // The PDF is made when the mail leaves, from the document frozen when it was issued.
        const deadline = (Number(new Date(job.startedOn)) || Date.now()) + MAIL_OUTAGE_PATIENCE_MS;
        const attachment = attach
          ? await outlastOutage(() => documentAttachment(app.db, attach.orderId, attach.kind, pdfs.render), deadline, () => closing)
          : undefined;
        await app.mailer.send(attachment ? { ...mail, attachments: [attachment] } : mail);
      } catch (err) {
        // Retried with backoff; the last failure stays on record for an admin (GET /api/jobs/failed).
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
  });
  // The mailer's pooled SMTP connections close once the last mail job has ended: left open, they
  // hold the process (and a mail server waiting for its clients) until the server times them out.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await pdfs.close();
    app.mailer.close();
  });
});

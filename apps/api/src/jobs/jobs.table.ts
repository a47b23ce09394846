import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Jobs that failed their last attempt (a mail the SMTP server never took), for an admin to see. */
export const failedJobs = pgTable(
  'failed_jobs',
  {
    jobId: text('job_id').primaryKey(),
    queue: text('queue').notNull(),
    /** What the job was for, in a line: a mail's recipient and subject. */
    summary: text('summary').notNull(),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('failed_jobs_failed_at_idx').on(t.failedAt)],
);

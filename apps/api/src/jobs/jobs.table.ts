import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const failedJobs = pgTable(
  'failed_jobs',
  {
    jobId: text('job_id').primaryKey(),
    queue: text('queue').notNull(),
    summary: text('summary').notNull(),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('failed_jobs_failed_at_idx').on(t.failedAt)],
);

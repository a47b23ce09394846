CREATE TABLE "failed_jobs" (
	"job_id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"summary" text NOT NULL,
	"error" text NOT NULL,
	"attempts" integer NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "failed_jobs_failed_at_idx" ON "failed_jobs" USING btree ("failed_at");
-- The hourly prune deletes idempotency keys older than a day by their age.
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");

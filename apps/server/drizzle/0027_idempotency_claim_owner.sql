-- The request holding an Idempotency-Key, so that only it lets the key go (plugins/idempotency.ts).
ALTER TABLE "idempotency_keys" ADD COLUMN "claimed_by" text DEFAULT '' NOT NULL;

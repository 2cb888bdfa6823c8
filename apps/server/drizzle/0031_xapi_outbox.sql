CREATE TABLE "xapi_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"statement" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint DEFAULT 0 NOT NULL,
	"locked_until" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"given_up_at" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "xapi_outbox_due_idx" ON "xapi_outbox" USING btree ("next_attempt_at") WHERE "xapi_outbox"."given_up_at" = 0;--> statement-breakpoint
CREATE INDEX "game_runs_started_idx" ON "game_runs" USING btree ("started_at","id");
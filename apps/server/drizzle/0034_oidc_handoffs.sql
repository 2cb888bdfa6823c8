-- One provider identity per account and issuer, held by the database: a second link of the same
-- account (two first sign-ins at once) is refused by this index, not by a check before the insert.
-- Any second link a race left behind goes first, the oldest kept.
DELETE FROM "oidc_links" l USING "oidc_links" o
WHERE l."user_id" = o."user_id" AND l."issuer" = o."issuer"
  AND (l."linked_at", l."subject") > (o."linked_at", o."subject");
--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_links_user_issuer_idx" ON "oidc_links" USING btree ("user_id","issuer");
--> statement-breakpoint
-- The provider's answer on its way to the browser that started the sign-in (features/oidc/handoff.ts):
-- a one-time code, stored hashed, usable only with the cookie of that browser (hashed too).
CREATE TABLE "oidc_handoffs" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"step" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" bigint DEFAULT 0 NOT NULL,
	"expires_at" bigint DEFAULT 0 NOT NULL,
	"used_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oidc_handoffs" ADD CONSTRAINT "oidc_handoffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "oidc_handoffs_expires_idx" ON "oidc_handoffs" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "oidc_handoffs_user_idx" ON "oidc_handoffs" USING btree ("user_id");
--> statement-breakpoint
-- How each sign-in came (password, device_link, provider) and, for a refused provider sign-in, why.
ALTER TABLE "sign_in_log" ADD COLUMN "method" text DEFAULT 'password' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sign_in_log" ADD COLUMN "reason" text DEFAULT '' NOT NULL;

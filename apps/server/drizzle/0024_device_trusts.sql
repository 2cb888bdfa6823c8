-- Links that sign in and trust a new device while the account is locked (features/session/device-trust.ts).
CREATE TABLE "device_trusts" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"browser_hash" text NOT NULL,
	"created_at" bigint DEFAULT 0 NOT NULL,
	"expires_at" bigint DEFAULT 0 NOT NULL,
	"used_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_trusts" ADD CONSTRAINT "device_trusts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_trusts_user_idx" ON "device_trusts" USING btree ("user_id","created_at");
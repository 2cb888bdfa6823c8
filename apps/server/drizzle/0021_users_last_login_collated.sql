DROP INDEX "users_last_login_order_idx";--> statement-breakpoint
CREATE INDEX "users_last_login_order_idx" ON "users" USING btree ((-"last_login_at"),"id" collate "C");
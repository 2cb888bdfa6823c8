-- The audit log, its sign-in stream and module versions (docs/audit.md).
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" bigint DEFAULT 0 NOT NULL,
	"actor_id" text,
	"actor_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text DEFAULT '' NOT NULL,
	"target_name" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"address" text DEFAULT '' NOT NULL,
	"request_id" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_versions" (
	"module_id" text NOT NULL,
	"version" integer NOT NULL,
	"module" json NOT NULL,
	"questionnaire" jsonb,
	"author_id" text,
	"author_name" text DEFAULT '' NOT NULL,
	"saved_at" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "module_versions_module_id_version_pk" PRIMARY KEY("module_id","version")
);
--> statement-breakpoint
CREATE TABLE "sign_in_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" bigint DEFAULT 0 NOT NULL,
	"user_id" text,
	"user_name" text NOT NULL,
	"outcome" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"request_id" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "run_module_version" integer;--> statement-breakpoint
ALTER TABLE "game_runs" ADD COLUMN "module_version" integer;--> statement-breakpoint
ALTER TABLE "module_versions" ADD CONSTRAINT "module_versions_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_name_idx" ON "audit_log" USING btree ("actor_name","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_kind","target_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "sign_in_log_at_idx" ON "sign_in_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sign_in_log_user_idx" ON "sign_in_log" USING btree ("user_name","id");--> statement-breakpoint
-- Append-only: UPDATE, TRUNCATE and DELETE are refused, whoever asks. The one exception is the
-- retention job (features/audit/retention.ts): in its own transaction it sets audit.purge_before
-- (epoch ms) and may then delete rows older than that, and never a row of the last day.
CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := current_setting('audit.purge_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(cutoff, '') ~ '^[0-9]{1,15}$' THEN
    IF OLD.at < cutoff::bigint AND cutoff::bigint <= (extract(epoch FROM clock_timestamp()) * 1000)::bigint - 86400000 THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER sign_in_log_append_only BEFORE UPDATE OR DELETE ON sign_in_log FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER sign_in_log_no_truncate BEFORE TRUNCATE ON sign_in_log FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();

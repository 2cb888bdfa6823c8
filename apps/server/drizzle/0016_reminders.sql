CREATE TABLE "digests" (
	"admin_id" text NOT NULL,
	"period" bigint NOT NULL,
	"email_id" text NOT NULL,
	"queued_at" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "digests_admin_id_period_pk" PRIMARY KEY("admin_id","period")
);
--> statement-breakpoint
CREATE TABLE "email_log" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" bigint DEFAULT 0 NOT NULL,
	"delivered_at" bigint DEFAULT 0 NOT NULL,
	"refused_at" bigint DEFAULT 0 NOT NULL,
	"cancelled_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"user_id" text NOT NULL,
	"module_id" text NOT NULL,
	"kind" text NOT NULL,
	"due_at" bigint DEFAULT 0 NOT NULL,
	"email_id" text NOT NULL,
	"queued_at" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "reminders_user_id_module_id_kind_pk" PRIMARY KEY("user_id","module_id","kind")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "digests" ADD CONSTRAINT "digests_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_user_id_module_id_assignments_user_id_module_id_fk" FOREIGN KEY ("user_id","module_id") REFERENCES "public"."assignments"("user_id","module_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_log_user_idx" ON "email_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "assignments_open_due_idx" ON "assignments" USING btree ("due_at") WHERE "assignments"."due_at" > 0 AND "assignments"."completed_at" = 0 AND "assignments"."revoked_at" = 0;--> statement-breakpoint
-- A reminder still in the queue when its assignment is completed, revoked,
-- removed or given another due date no longer says the truth: it leaves the
-- queue (marked cancelled in the history). Triggers, so that every way of
-- changing an assignment (one user, many at once, a run completing) does it.
CREATE FUNCTION cancel_unsent_reminders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    DELETE FROM email_outbox o USING reminders r
    WHERE r.user_id = OLD.user_id AND r.module_id = OLD.module_id AND o.id = r.email_id AND o.given_up_at = 0
    RETURNING o.id
  )
  UPDATE email_log l SET cancelled_at = (extract(epoch FROM clock_timestamp()) * 1000)::bigint
  FROM gone WHERE l.id = gone.id AND l.delivered_at = 0;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER assignments_cancel_reminders_on_change AFTER UPDATE OF due_at, completed_at, revoked_at ON assignments
  FOR EACH ROW WHEN (NEW.due_at IS DISTINCT FROM OLD.due_at OR (NEW.completed_at > 0 AND OLD.completed_at = 0) OR (NEW.revoked_at > 0 AND OLD.revoked_at = 0))
  EXECUTE FUNCTION cancel_unsent_reminders();
--> statement-breakpoint
CREATE TRIGGER assignments_cancel_reminders_on_delete BEFORE DELETE ON assignments
  FOR EACH ROW EXECUTE FUNCTION cancel_unsent_reminders();

-- The training record: recertification, certificates and administrators' reminders (docs/decisions/023).
--
-- assignments.renews_at: when a recertifying module's completion lapses (completed + N calendar
-- months; 0 = never). The reminder scheduler renews each one as that passes (features/record/
-- renewals.ts): the completion is taken off the assignment, which is due again on renews_at;
-- renews_at stays, so "renews_at > 0 AND renews_at <= now" is the assignment due for
-- recertification, before and after that pass alike.
ALTER TABLE "assignments" ADD COLUMN "renews_at" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The scheduler's pass and Progress's lapsed completions: assignments with a renewal, by when.
CREATE INDEX "assignments_renews_idx" ON "assignments" USING btree ("renews_at","user_id","module_id") WHERE "renews_at" > 0;
--> statement-breakpoint
-- The users list's "due for recertification" filter: one look-up per user.
CREATE INDEX "assignments_renews_user_idx" ON "assignments" USING btree ("user_id","renews_at","module_id") WHERE "renews_at" > 0;
--> statement-breakpoint
-- One row per completion. What the certificate shows is copied at issue, so it reads the same
-- after the user is deleted (user_id becomes null) or the module renamed or copied.
CREATE TABLE "certificates" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"module_id" text NOT NULL,
	"run_id" text,
	"holder_name" text NOT NULL,
	"module_title" text NOT NULL,
	"completed_at" bigint NOT NULL,
	"due_at" bigint DEFAULT 0 NOT NULL,
	"expires_at" bigint DEFAULT 0 NOT NULL,
	"issued_at" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE INDEX "certificates_user_module_idx" ON "certificates" USING btree ("user_id","module_id","completed_at");
--> statement-breakpoint
-- The last administrator's reminder (POST admin/reminders/nudge) to each trainee: at most one a day,
-- claimed by one conditional upsert.
CREATE TABLE "nudges" (
	"user_id" text PRIMARY KEY NOT NULL,
	"nudged_at" bigint NOT NULL,
	"email_id" text NOT NULL,
	CONSTRAINT "nudges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
);

CREATE TABLE "assignments" (
	"user_id" text NOT NULL,
	"module_id" text NOT NULL,
	"created_at" bigint DEFAULT 0 NOT NULL,
	"started_at" bigint DEFAULT 0 NOT NULL,
	"completed_at" bigint DEFAULT 0 NOT NULL,
	"revoked_at" bigint DEFAULT 0 NOT NULL,
	"due_at" bigint DEFAULT 0 NOT NULL,
	"game_status" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assignments_user_id_module_id_pk" PRIMARY KEY("user_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "game_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"module_id" text NOT NULL,
	"seed" integer NOT NULL,
	"module_snapshot" jsonb NOT NULL,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"final_gauges" jsonb,
	"objectives_completed" jsonb,
	"answers_before" jsonb,
	"answers_after" jsonb,
	"started_at" bigint DEFAULT 0 NOT NULL,
	"finished_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" text PRIMARY KEY NOT NULL,
	"game_title" text NOT NULL,
	"game_description" text DEFAULT '' NOT NULL,
	"game_type" text DEFAULT '' NOT NULL,
	"archived_at" bigint DEFAULT 0 NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" bigint DEFAULT 0 NOT NULL,
	"updated_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"module_id" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"rank" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"sex" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"active_at" bigint DEFAULT 0 NOT NULL,
	"pending" boolean DEFAULT false NOT NULL,
	"invite_code" text,
	"last_invite_at" bigint DEFAULT 0 NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "users_user_name_unique" UNIQUE("user_name"),
	CONSTRAINT "users_invite_code_unique" UNIQUE("invite_code")
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_runs" ADD CONSTRAINT "game_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_runs" ADD CONSTRAINT "game_runs_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignments_module_idx" ON "assignments" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "game_runs_user_module_idx" ON "game_runs" USING btree ("user_id","module_id","started_at");--> statement-breakpoint
CREATE INDEX "users_last_name_id_idx" ON "users" USING btree (lower("last_name") collate "C","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower("first_name" || ' ' || "last_name" || ' ' || "user_name")) gin_trgm_ops);
CREATE TABLE "progress_answers" (
	"module_id" text NOT NULL,
	"unit" text NOT NULL,
	"rank" text NOT NULL,
	"phase" text NOT NULL,
	"domain" text NOT NULL,
	"score_sum" numeric NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "progress_answers_module_id_unit_rank_phase_domain_pk" PRIMARY KEY("module_id","unit","rank","phase","domain")
);
--> statement-breakpoint
CREATE TABLE "progress_completions" (
	"module_id" text NOT NULL,
	"unit" text NOT NULL,
	"rank" text NOT NULL,
	"day" integer NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "progress_completions_module_id_unit_rank_day_pk" PRIMARY KEY("module_id","unit","rank","day")
);
--> statement-breakpoint
CREATE TABLE "progress_status" (
	"module_id" text NOT NULL,
	"unit" text NOT NULL,
	"rank" text NOT NULL,
	"started" boolean NOT NULL,
	"completed" boolean NOT NULL,
	"game_status" integer NOT NULL,
	"due_at" bigint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "progress_status_module_id_unit_rank_started_completed_game_status_due_at_pk" PRIMARY KEY("module_id","unit","rank","started","completed","game_status","due_at")
);
--> statement-breakpoint
CREATE INDEX "progress_completions_day_idx" ON "progress_completions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "assignments_overdue_idx" ON "assignments" USING btree ("due_at","user_id","module_id") WHERE "assignments"."completed_at" = 0 AND "assignments"."due_at" > 0;--> statement-breakpoint
-- What an assignment adds to the progress tables: the assignment with its user's unit and rank.
CREATE TYPE "progress_item" AS ("user_id" text, "module_id" text, "unit" text, "rank" text, "started_at" bigint, "completed_at" bigint,
  "due_at" bigint, "game_status" integer, "answers_before" jsonb, "answers_after" jsonb);
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) items from the status and completion counts. Rows are
-- written in key order, so two transactions never wait for each other's rows in a circle.
CREATE FUNCTION "progress_count"(items "progress_item"[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "progress_status" AS p ("module_id", "unit", "rank", "started", "completed", "game_status", "due_at", "n")
  SELECT i."module_id", i."unit", i."rank", i."started_at" > 0, i."completed_at" > 0, i."game_status",
         CASE WHEN i."completed_at" > 0 THEN 0 ELSE i."due_at" END, sign * count(*)
  FROM unnest(items) i GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ("module_id", "unit", "rank", "started", "completed", "game_status", "due_at") DO UPDATE SET "n" = p."n" + EXCLUDED."n";
  INSERT INTO "progress_completions" AS p ("module_id", "unit", "rank", "day", "n")
  SELECT i."module_id", i."unit", i."rank", (i."completed_at" / 86400000)::integer, sign * count(*)
  FROM unnest(items) i WHERE i."completed_at" > 0 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("module_id", "unit", "rank", "day") DO UPDATE SET "n" = p."n" + EXCLUDED."n";
$$;
--> statement-breakpoint
-- The same for the questionnaire answers: each trainee's score in each domain (the mean of their
-- answers to its items, reverse items mirrored, as a percentage of the scale), by the module's questionnaire.
CREATE FUNCTION "progress_score"(items "progress_item"[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "progress_answers" AS p ("module_id", "unit", "rank", "phase", "domain", "score_sum", "n")
  SELECT t."module_id", t."unit", t."rank", t."phase", t."domain", sign * sum(t."score"), sign * count(*)
  FROM (
    SELECT i."user_id", i."module_id", i."unit", i."rank", a."phase", it->>'domain' AS "domain",
           (avg(CASE WHEN (it->>'reverse')::boolean THEN sc."hi" + sc."lo" - (e.value)::numeric ELSE (e.value)::numeric END) - sc."lo")
             / (sc."hi" - sc."lo") * 100 AS "score"
    FROM unnest(items) i
    JOIN "questionnaires" q ON q."module_id" = i."module_id"
    CROSS JOIN LATERAL (SELECT min((s->>'value')::numeric) AS "lo", max((s->>'value')::numeric) AS "hi"
                        FROM jsonb_array_elements(q."content"->'scale') s) sc
    CROSS JOIN LATERAL (VALUES ('before', i."answers_before"), ('after', i."answers_after")) AS a("phase", "answers")
    CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(a."answers") = 'object' THEN a."answers" ELSE '{}'::jsonb END) e
    JOIN LATERAL jsonb_array_elements(q."content"->'items') it ON it->>'id' = e.key
    WHERE jsonb_typeof(e.value) = 'number' AND sc."hi" > sc."lo"
    GROUP BY 1, 2, 3, 4, 5, 6, sc."lo", sc."hi"
  ) t
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("module_id", "unit", "rank", "phase", "domain") DO UPDATE
    SET "score_sum" = p."score_sum" + EXCLUDED."score_sum", "n" = p."n" + EXCLUDED."n";
$$;
--> statement-breakpoint
-- Assignments as items, with their user's unit and rank as the users table has them now.
-- An assignment deleted with its user (ON DELETE CASCADE) no longer finds the user: the
-- user's own trigger below has already taken it away.
CREATE FUNCTION "progress_assignments_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE items "progress_item"[];
BEGIN
  SELECT array_agg(ROW(a."user_id", a."module_id", u."unit", u."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO items FROM new_rows a JOIN "users" u ON u."id" = a."user_id";
  PERFORM "progress_count"(items, 1);
  PERFORM "progress_score"(items, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "progress_assignments_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE items "progress_item"[];
BEGIN
  SELECT array_agg(ROW(a."user_id", a."module_id", u."unit", u."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO items FROM old_rows a JOIN "users" u ON u."id" = a."user_id";
  PERFORM "progress_count"(items, -1);
  PERFORM "progress_score"(items, -1);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update takes the old rows away and adds the new ones; answers only where they changed.
CREATE FUNCTION "progress_assignments_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE old_items "progress_item"[]; new_items "progress_item"[];
BEGIN
  SELECT array_agg(ROW(a."user_id", a."module_id", u."unit", u."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO old_items FROM old_rows a JOIN "users" u ON u."id" = a."user_id";
  SELECT array_agg(ROW(a."user_id", a."module_id", u."unit", u."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO new_items FROM new_rows a JOIN "users" u ON u."id" = a."user_id";
  PERFORM "progress_count"(old_items, -1);
  PERFORM "progress_count"(new_items, 1);
  IF EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n."user_id" = o."user_id" AND n."module_id" = o."module_id"
             WHERE o."run_answers_before" IS DISTINCT FROM n."run_answers_before" OR o."run_answers_after" IS DISTINCT FROM n."run_answers_after") THEN
    PERFORM "progress_score"(old_items, -1);
    PERFORM "progress_score"(new_items, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "assignments_progress_insert" AFTER INSERT ON "assignments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_assignments_inserted"();
--> statement-breakpoint
CREATE TRIGGER "assignments_progress_update" AFTER UPDATE ON "assignments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_assignments_updated"();
--> statement-breakpoint
CREATE TRIGGER "assignments_progress_delete" AFTER DELETE ON "assignments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_assignments_deleted"();
--> statement-breakpoint
-- A user's new unit or rank moves their assignments from the old counts to the new.
CREATE FUNCTION "progress_users_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE old_items "progress_item"[]; new_items "progress_item"[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE o."unit" <> n."unit" OR o."rank" <> n."rank") THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(ROW(a."user_id", a."module_id", o."unit", o."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item"),
         array_agg(ROW(a."user_id", a."module_id", n."unit", n."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO old_items, new_items
    FROM old_rows o JOIN new_rows n ON n."id" = o."id" JOIN "assignments" a ON a."user_id" = o."id"
    WHERE o."unit" <> n."unit" OR o."rank" <> n."rank";
  PERFORM "progress_count"(old_items, -1);
  PERFORM "progress_score"(old_items, -1);
  PERFORM "progress_count"(new_items, 1);
  PERFORM "progress_score"(new_items, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_progress_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_users_updated"();
--> statement-breakpoint
-- A deleted user's assignments leave the counts before the cascade deletes them (see above).
CREATE FUNCTION "progress_user_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE items "progress_item"[];
BEGIN
  SELECT array_agg(ROW(a."user_id", a."module_id", OLD."unit", OLD."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO items FROM "assignments" a WHERE a."user_id" = OLD."id";
  PERFORM "progress_count"(items, -1);
  PERFORM "progress_score"(items, -1);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_progress_delete" BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "progress_user_deleting"();
--> statement-breakpoint
-- A saved questionnaire scores every kept answer of its module again.
CREATE FUNCTION "progress_questionnaire_saved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE items "progress_item"[];
BEGIN
  DELETE FROM "progress_answers" WHERE "module_id" = NEW."module_id";
  SELECT array_agg(ROW(a."user_id", a."module_id", u."unit", u."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO items FROM "assignments" a JOIN "users" u ON u."id" = a."user_id"
    WHERE a."module_id" = NEW."module_id" AND (a."run_answers_before" IS NOT NULL OR a."run_answers_after" IS NOT NULL);
  PERFORM "progress_score"(items, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "questionnaires_progress" AFTER INSERT OR UPDATE OF "content" ON "questionnaires" FOR EACH ROW EXECUTE FUNCTION "progress_questionnaire_saved"();
--> statement-breakpoint
-- The counts of the assignments already there.
SELECT "progress_count"(array_agg(ROW(a."user_id", a."module_id", u."unit", u."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                                      a."run_answers_before", a."run_answers_after")::"progress_item"), 1),
       "progress_score"(array_agg(ROW(a."user_id", a."module_id", u."unit", u."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                                      a."run_answers_before", a."run_answers_after")::"progress_item"), 1)
FROM "assignments" a JOIN "users" u ON u."id" = a."user_id";

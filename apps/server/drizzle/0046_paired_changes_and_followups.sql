-- Evidence of learning (docs/decisions/032-evidence-of-learning.md).
--
-- progress_changes: for each module, unit, rank and questionnaire domain, the trainees who
-- answered both the before and the after set (their assignment's run_answers_before and
-- run_answers_after), how many (n), the sum of their changes (after − before, domain scores
-- 0–100), the sum of the squared changes, and how many improved (a change above 0). Kept by the
-- same triggers as progress_answers (progress_score_change), so that Progress reads a few
-- hundred rows, not every assignment, for its paired means and their confidence intervals.
CREATE TABLE "progress_changes" (
	"module_id" text NOT NULL,
	"unit" text NOT NULL,
	"unit_path" text COLLATE "C" GENERATED ALWAYS AS (unit_path("unit")) STORED NOT NULL,
	"rank" text NOT NULL,
	"domain" text NOT NULL,
	"n" bigint NOT NULL,
	"change_sum" numeric NOT NULL,
	"change_squares" numeric NOT NULL,
	"improved" bigint NOT NULL,
	CONSTRAINT "progress_changes_module_id_unit_rank_domain_pk" PRIMARY KEY("module_id","unit","rank","domain")
) WITH (fillfactor = 70);
--> statement-breakpoint
-- Each item's change in each domain it has both sets' answers in: after − before, each scored as
-- progress_item_scores scores it (the mean of the domain's answers, reverse items mirrored, as a
-- percentage of the scale). In one pass over the items, as that function: a trigger's statement
-- can hold 100,000 of them.
CREATE FUNCTION "progress_item_changes"(items "progress_item"[])
  RETURNS TABLE ("module_id" text, "unit" text, "rank" text, "domain" text, "change" numeric) LANGUAGE sql STABLE AS $$
  SELECT i."module_id", i."unit", i."rank", it->>'domain',
         (avg(CASE WHEN (it->>'reverse')::boolean THEN sc."hi" + sc."lo" - (e.value)::numeric ELSE (e.value)::numeric END)
            FILTER (WHERE a."phase" = 'after')
          - avg(CASE WHEN (it->>'reverse')::boolean THEN sc."hi" + sc."lo" - (e.value)::numeric ELSE (e.value)::numeric END)
            FILTER (WHERE a."phase" = 'before'))
           / (sc."hi" - sc."lo") * 100
  FROM unnest(items) i
  JOIN "questionnaires" q ON q."module_id" = i."module_id"
  CROSS JOIN LATERAL (SELECT min((s->>'value')::numeric) AS "lo", max((s->>'value')::numeric) AS "hi"
                      FROM jsonb_array_elements(q."content"->'scale') s) sc
  CROSS JOIN LATERAL (VALUES ('before', i."answers_before"), ('after', i."answers_after")) AS a("phase", "answers")
  CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(a."answers") = 'object' THEN a."answers" ELSE '{}'::jsonb END) e
  JOIN LATERAL jsonb_array_elements(q."content"->'items') it ON it->>'id' = e.key
  WHERE jsonb_typeof(e.value) = 'number' AND sc."hi" > sc."lo"
  GROUP BY i."user_id", i."module_id", i."unit", i."rank", it->>'domain', sc."lo", sc."hi"
  HAVING count(*) FILTER (WHERE a."phase" = 'after') > 0 AND count(*) FILTER (WHERE a."phase" = 'before') > 0
$$;
--> statement-breakpoint
-- As 0021, and the paired changes beside the sums: a row is written only where something moves.
CREATE OR REPLACE FUNCTION "progress_score_change"(old_items "progress_item"[], new_items "progress_item"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "progress_answers" AS p ("module_id", "unit", "rank", "phase", "domain", "score_sum", "n")
  SELECT t."module_id", t."unit", t."rank", t."phase", t."domain", sum(t."d" * t."score"), sum(t."d")
  FROM (SELECT -1 AS "d", o.* FROM "progress_item_scores"(old_items) o
        UNION ALL SELECT 1, n.* FROM "progress_item_scores"(new_items) n) t
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(t."d") <> 0 OR sum(t."d" * t."score") <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("module_id", "unit", "rank", "phase", "domain") DO UPDATE
    SET "score_sum" = p."score_sum" + EXCLUDED."score_sum", "n" = p."n" + EXCLUDED."n";
  INSERT INTO "progress_changes" AS p ("module_id", "unit", "rank", "domain", "n", "change_sum", "change_squares", "improved")
  SELECT t."module_id", t."unit", t."rank", t."domain", sum(t."d"), sum(t."d" * t."change"),
         sum(t."d" * t."change" * t."change"), coalesce(sum(t."d") FILTER (WHERE t."change" > 0), 0)
  FROM (SELECT -1 AS "d", o.* FROM "progress_item_changes"(old_items) o
        UNION ALL SELECT 1, n.* FROM "progress_item_changes"(new_items) n) t
  GROUP BY 1, 2, 3, 4 HAVING sum(t."d") <> 0 OR sum(t."d" * t."change") <> 0 OR sum(t."d" * t."change" * t."change") <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("module_id", "unit", "rank", "domain") DO UPDATE
    SET "n" = p."n" + EXCLUDED."n", "change_sum" = p."change_sum" + EXCLUDED."change_sum",
        "change_squares" = p."change_squares" + EXCLUDED."change_squares",
        "improved" = p."improved" + EXCLUDED."improved";
$$;
--> statement-breakpoint
-- A saved questionnaire scores every kept answer of its module again: the changes too.
CREATE OR REPLACE FUNCTION "progress_questionnaire_saved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE items "progress_item"[];
BEGIN
  DELETE FROM "progress_answers" WHERE "module_id" = NEW."module_id";
  DELETE FROM "progress_changes" WHERE "module_id" = NEW."module_id";
  SELECT array_agg(ROW(a."user_id", a."module_id", u."unit", u."rank", a."started_at", a."completed_at", a."due_at", a."game_status",
                       a."run_answers_before", a."run_answers_after")::"progress_item")
    INTO items FROM "assignments" a JOIN "users" u ON u."id" = a."user_id"
    WHERE a."module_id" = NEW."module_id" AND (a."run_answers_before" IS NOT NULL OR a."run_answers_after" IS NOT NULL);
  PERFORM "progress_score"(items, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The changes of the assignments there are, in their trainees' units and ranks now.
INSERT INTO "progress_changes" ("module_id", "unit", "rank", "domain", "n", "change_sum", "change_squares", "improved")
SELECT c."module_id", c."unit", c."rank", c."domain", count(*), sum(c."change"), sum(c."change" * c."change"),
       count(*) FILTER (WHERE c."change" > 0)
FROM (SELECT array_agg(ROW(a."user_id", a."module_id", u."unit", u."rank", a."started_at", a."completed_at", a."due_at",
                           a."game_status", a."run_answers_before", a."run_answers_after")::"progress_item") AS items
      FROM "assignments" a JOIN "users" u ON u."id" = a."user_id"
      WHERE a."run_answers_before" IS NOT NULL AND a."run_answers_after" IS NOT NULL) i
CROSS JOIN LATERAL "progress_item_changes"(i."items") c
GROUP BY 1, 2, 3, 4
ORDER BY 1, 2, 3, 4;
--> statement-breakpoint
-- The follow-up questionnaire: one row per completion it was sent for (the assignment's
-- completed_at then), written by the scheduler as it queues the e-mail, so that two processes
-- never queue it twice; answered_at, answers and each domain's score and change (follow-up −
-- before) once the trainee answers. `counted`: the trainee's latest answered follow-up of the
-- module, the one Progress counts (a trainee who recertifies answers one per completion).
CREATE TABLE "followups" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"module_id" text NOT NULL REFERENCES "modules"("id"),
	"completed_at" bigint NOT NULL,
	"sent_at" bigint NOT NULL,
	"answered_at" bigint DEFAULT 0 NOT NULL,
	"counted" boolean DEFAULT false NOT NULL,
	"answers" jsonb,
	"scores" jsonb,
	"changes" jsonb,
	CONSTRAINT "followups_user_id_module_id_completed_at_pk" PRIMARY KEY("user_id","module_id","completed_at")
);
--> statement-breakpoint
CREATE INDEX "followups_answered_idx" ON "followups" USING btree ("module_id") WHERE "answered_at" > 0;
--> statement-breakpoint
-- progress_followups: the counted follow-ups' sums per module, unit, rank, kind ('score': the
-- follow-up's domain score; 'change': it less the before score) and domain, so that Progress
-- reads a few hundred rows, not every follow-up. Kept by the triggers below.
CREATE TABLE "progress_followups" (
	"module_id" text NOT NULL,
	"unit" text NOT NULL,
	"unit_path" text COLLATE "C" GENERATED ALWAYS AS (unit_path("unit")) STORED NOT NULL,
	"rank" text NOT NULL,
	"kind" text NOT NULL,
	"domain" text NOT NULL,
	"n" bigint NOT NULL,
	"total" numeric NOT NULL,
	"squares" numeric NOT NULL,
	CONSTRAINT "progress_followups_module_id_unit_rank_kind_domain_pk" PRIMARY KEY("module_id","unit","rank","kind","domain")
) WITH (fillfactor = 70);
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) one follow-up's scores and changes, in key order.
CREATE FUNCTION "progress_followup_change"(text, text, text, jsonb, jsonb, integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "progress_followups" AS p ("module_id", "unit", "rank", "kind", "domain", "n", "total", "squares")
  SELECT $1, $2, $3, k."kind", e.key, $6, $6 * (e.value)::numeric, $6 * (e.value)::numeric * (e.value)::numeric
  FROM (VALUES ('change', $5), ('score', $4)) AS k("kind", "doc")
  CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(k."doc") = 'object' THEN k."doc" ELSE '{}'::jsonb END) e
  WHERE jsonb_typeof(e.value) = 'number'
  ORDER BY 4, 5
  ON CONFLICT ("module_id", "unit", "rank", "kind", "domain") DO UPDATE
    SET "n" = p."n" + EXCLUDED."n", "total" = p."total" + EXCLUDED."total", "squares" = p."squares" + EXCLUDED."squares";
$$;
--> statement-breakpoint
-- A follow-up counted or no longer counted, in its trainee's unit and rank now (none: the trainee
-- is being deleted, and progress_followups_user_deleting took their follow-ups away first).
CREATE FUNCTION "progress_followups_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE who record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."answered_at" > 0 AND OLD."counted" THEN
    SELECT "unit", "rank" INTO who FROM "users" WHERE "id" = OLD."user_id";
    IF FOUND THEN
      PERFORM "progress_followup_change"(OLD."module_id", who."unit", who."rank", OLD."scores", OLD."changes", -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."answered_at" > 0 AND NEW."counted" THEN
    SELECT "unit", "rank" INTO who FROM "users" WHERE "id" = NEW."user_id";
    IF FOUND THEN
      PERFORM "progress_followup_change"(NEW."module_id", who."unit", who."rank", NEW."scores", NEW."changes", 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "followups_progress" AFTER INSERT OR UPDATE OR DELETE ON "followups" FOR EACH ROW EXECUTE FUNCTION "progress_followups_changed"();
--> statement-breakpoint
-- A trainee moved to another unit or rank takes their counted follow-ups along.
CREATE FUNCTION "progress_followups_user_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "progress_followup_change"(f."module_id", OLD."unit", OLD."rank", f."scores", f."changes", -1),
          "progress_followup_change"(f."module_id", NEW."unit", NEW."rank", f."scores", f."changes", 1)
  FROM "followups" f WHERE f."user_id" = NEW."id" AND f."answered_at" > 0 AND f."counted";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_followups_move" AFTER UPDATE OF "unit", "rank" ON "users" FOR EACH ROW
  WHEN (OLD."unit" IS DISTINCT FROM NEW."unit" OR OLD."rank" IS DISTINCT FROM NEW."rank")
  EXECUTE FUNCTION "progress_followups_user_moved"();
--> statement-breakpoint
-- A deleted trainee's counted follow-ups leave the sums before their rows go with the user.
CREATE FUNCTION "progress_followups_user_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "progress_followup_change"(f."module_id", OLD."unit", OLD."rank", f."scores", f."changes", -1)
  FROM "followups" f WHERE f."user_id" = OLD."id" AND f."answered_at" > 0 AND f."counted";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_followups_delete" BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "progress_followups_user_deleting"();

ALTER TABLE "assignments" ADD COLUMN "run_final_gauges" jsonb;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "run_objectives_completed" jsonb;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "run_answers_before" jsonb;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "run_answers_after" jsonb;--> statement-breakpoint
-- Each started assignment gets the results of its latest finished run, as the
-- module report used to look them up (a run exists only once its assignment has
-- started: the run and started_at are written in one transaction).
UPDATE "assignments" a
SET "run_final_gauges" = r."final_gauges", "run_objectives_completed" = r."objectives_completed",
    "run_answers_before" = r."answers_before", "run_answers_after" = r."answers_after"
FROM (
  SELECT DISTINCT ON ("user_id", "module_id") "user_id", "module_id", "final_gauges", "objectives_completed", "answers_before", "answers_after"
  FROM "game_runs"
  WHERE "status" IN ('complete', 'failed')
  ORDER BY "user_id", "module_id", "finished_at" DESC
) r
WHERE a."user_id" = r."user_id" AND a."module_id" = r."module_id" AND a."started_at" > 0;

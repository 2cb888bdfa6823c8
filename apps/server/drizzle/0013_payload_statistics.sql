-- Columns that are only ever sent, never filtered, joined or sorted on: the
-- planner has no use for their statistics, and gathering them was most of
-- what ANALYZE cost. On the embedded database, which analyzes its own tables
-- on the server's only thread (db/embedded-maintenance.ts), ANALYZE of
-- game_runs at 25,000 finished runs took 1.3 s, all of it detoasting and
-- sorting game logs; 0.07 s without them. PostgreSQL's autovacuum gains the
-- same. STATISTICS 0: ANALYZE skips the column.
ALTER TABLE "users"
  ALTER COLUMN "listing" SET STATISTICS 0,
  ALTER COLUMN "password_hash" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "assignments"
  ALTER COLUMN "run_final_gauges" SET STATISTICS 0,
  ALTER COLUMN "run_objectives_completed" SET STATISTICS 0,
  ALTER COLUMN "run_answers_before" SET STATISTICS 0,
  ALTER COLUMN "run_answers_after" SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE "game_runs"
  ALTER COLUMN "module_snapshot" SET STATISTICS 0,
  ALTER COLUMN "log" SET STATISTICS 0,
  ALTER COLUMN "final_gauges" SET STATISTICS 0,
  ALTER COLUMN "objectives_completed" SET STATISTICS 0,
  ALTER COLUMN "answers_before" SET STATISTICS 0,
  ALTER COLUMN "answers_after" SET STATISTICS 0;

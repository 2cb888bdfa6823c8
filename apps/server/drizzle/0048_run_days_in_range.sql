-- The days each gauge of the kept run ended inside its healthy range (gauge → days), written
-- with the kept run's other results when a run finishes (features/game/finish-run.ts): the
-- module report shows them, what three stars need besides points. Null for a run kept before
-- this column. Only ever sent, never filtered (as 0013's payload columns): no statistics.
ALTER TABLE "assignments" ADD COLUMN "run_days_in_range" jsonb;
--> statement-breakpoint
ALTER TABLE "assignments" ALTER COLUMN "run_days_in_range" SET STATISTICS 0;

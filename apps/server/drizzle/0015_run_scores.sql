ALTER TABLE "game_runs" ADD COLUMN "score_points" integer;--> statement-breakpoint
ALTER TABLE "game_runs" ADD COLUMN "stars" integer;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "run_score_points" integer;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "run_stars" integer;

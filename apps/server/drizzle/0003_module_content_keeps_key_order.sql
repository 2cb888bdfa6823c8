ALTER TABLE "game_runs" ALTER COLUMN "module_snapshot" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "modules" ALTER COLUMN "content" SET DATA TYPE json;
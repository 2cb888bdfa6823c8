-- A unit administrator's users list (lib/scope.ts: role 'user' within its units' sub-trees) reads
-- this index alone: with the role in it, the page of a sub-tree by name and the count of its
-- trainees are index-only scans (the count of a wing's 10,000 trainees had read 3,000 table pages
-- for their role: docs/benchmarks.md, "A unit administrator's pages").
DROP INDEX "user_search_unit_path_order_idx";
--> statement-breakpoint
CREATE INDEX "user_search_unit_path_order_idx" ON "user_search" USING btree ("unit_path","sort_key","id" collate "C","role");

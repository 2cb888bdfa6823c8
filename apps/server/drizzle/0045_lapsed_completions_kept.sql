-- Completions per week (progress_completions, by rank and summed over ranks) keep a completion
-- whose recertification lapsed: the scheduler's renewal (features/record/renewals.ts) now puts
-- it back on its day as the triggers take it off with the assignment's completion. Those
-- renewed before are counted again here: each certificate of an assignment that no longer
-- holds that completion, issued since the assignment was made (a certificate from before it
-- was of an assignment since removed, whose completions went with it), in the unit and rank
-- of its trainee now.
INSERT INTO "progress_completions" AS p ("module_id", "unit", "rank", "day", "n")
SELECT c."module_id", u."unit", u."rank", (c."completed_at" / 86400000)::integer, count(*)
FROM "certificates" c
JOIN "assignments" a ON a."user_id" = c."user_id" AND a."module_id" = c."module_id"
JOIN "users" u ON u."id" = c."user_id"
WHERE c."completed_at" >= a."created_at" AND c."completed_at" <> a."completed_at"
GROUP BY 1, 2, 3, 4
ORDER BY 1, 2, 3, 4
ON CONFLICT ("module_id", "unit", "rank", "day") DO UPDATE SET "n" = p."n" + EXCLUDED."n";
--> statement-breakpoint
INSERT INTO "progress_completions_by_unit" AS p ("module_id", "unit", "day", "n")
SELECT c."module_id", u."unit", (c."completed_at" / 86400000)::integer, count(*)
FROM "certificates" c
JOIN "assignments" a ON a."user_id" = c."user_id" AND a."module_id" = c."module_id"
JOIN "users" u ON u."id" = c."user_id"
WHERE c."completed_at" >= a."created_at" AND c."completed_at" <> a."completed_at"
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3
ON CONFLICT ("module_id", "unit", "day") DO UPDATE SET "n" = p."n" + EXCLUDED."n";

-- The progress page's overdue list of a rank's trainees (about a thousand of them in a wing of
-- 100,000) looks up each one's overdue assignments in this index, rather than reading every
-- overdue assignment of the wing (assignments_overdue_idx, in due order) to keep theirs.
CREATE INDEX "assignments_overdue_user_idx" ON "assignments" USING btree ("user_id","due_at","module_id") WHERE "assignments"."completed_at" = 0 AND "assignments"."due_at" > 0;

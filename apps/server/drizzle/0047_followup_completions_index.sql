-- The follow-up pass (features/followup/plan-followups.ts) reads the completions of a few days
-- each time the scheduler runs: by when, not through every assignment.
CREATE INDEX "assignments_completed_idx" ON "assignments" USING btree ("completed_at") WHERE "completed_at" > 0;

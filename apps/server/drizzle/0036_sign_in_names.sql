-- The sign-in log keeps a name only when it is an account's address (auth/sign-in-names.ts); a
-- name of a sign-in without an account, kept as typed until now (often a password typed in the
-- wrong field), becomes the marker 'unknown'. A keyed digest would need the server's secret,
-- which the database does not hold, so these older rows no longer tell one unknown name from
-- another. The log is append-only: the migration runs as the tables' owner, in the migrations'
-- transaction (no other statement sees the trigger off), and records what it did in the audit log.
INSERT INTO audit_log (at, actor_id, actor_name, action, target_kind, target_id, target_name, after)
SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint, NULL, 'server', 'audit.redaction', 'audit', 'sign_in_log', '',
  jsonb_build_object('replaced', count(*), 'field', 'user_name', 'with', 'unknown')
FROM sign_in_log WHERE user_id IS NULL HAVING count(*) > 0;
--> statement-breakpoint
ALTER TABLE sign_in_log DISABLE TRIGGER sign_in_log_append_only;
--> statement-breakpoint
UPDATE sign_in_log SET user_name = 'unknown' WHERE user_id IS NULL;
--> statement-breakpoint
ALTER TABLE sign_in_log ENABLE TRIGGER sign_in_log_append_only;
--> statement-breakpoint
-- The throttle's failures counted under a name that is not an account's, and every forgot-password
-- count (now kept under digests): removed, which forgets at most an hour of such counts.
DELETE FROM login_failures
WHERE starts_with(key, 'reset:')
   OR (starts_with(key, 'account:') AND substr(key, 9) NOT IN (SELECT user_name FROM users))
   OR (starts_with(key, 'source:') AND split_part(substr(key, 8), ' ', 1) NOT IN (SELECT user_name FROM users));

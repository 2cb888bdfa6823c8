-- Tells an embedded server (PGlite: one process owns the database) that users
-- changed, so it can keep reads of users in memory and drop them at once
-- (src/db/users-changes.ts). Only a session that set airman.notify_users_changed
-- is told: PostgreSQL servers, several processes sharing one database, keep no
-- such memory and pay nothing. Changes to assignments reach users.listing
-- (migration 0007), so they are covered too.
CREATE FUNCTION "users_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('airman.notify_users_changed', true) = 'on' THEN
    PERFORM pg_notify('users_changed', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "users_changed_notify"();

-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "users_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('airman.notify_users_changed', true) = 'on' THEN
    PERFORM pg_notify('users_changed', '');
  END IF;
  RETURN NULL;
END $$;

-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION cancel_unsent_reminders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    DELETE FROM email_outbox o USING reminders r
    WHERE r.user_id = OLD.user_id AND r.module_id = OLD.module_id AND o.id = r.email_id AND o.given_up_at = 0
    RETURNING o.id
  )
  UPDATE email_log l SET cancelled_at = (extract(epoch FROM clock_timestamp()) * 1000)::bigint
  FROM gone WHERE l.id = gone.id AND l.delivered_at = 0;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;

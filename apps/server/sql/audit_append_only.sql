-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION audit_append_only() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_LEVEL = 'ROW' AND TG_TABLE_NAME IN ('audit_log', 'sign_in_log') THEN
    IF EXISTS (
      SELECT 1 FROM public.audit_purge_permits p
      WHERE p.xact = txid_current() AND p.stream = TG_TABLE_NAME AND OLD.at < p.cutoff
    ) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

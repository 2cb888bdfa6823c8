-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION audit_apply_retention(p_stream text, p_now bigint) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  v_clock bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
  v_days integer;
  v_cutoff bigint;
  v_removed bigint;
BEGIN
  IF p_stream IS NULL OR p_stream NOT IN ('audit_log', 'sign_in_log') THEN
    RAISE EXCEPTION 'no audit stream %', p_stream USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT r.days INTO v_days FROM public.audit_retention r WHERE r.stream = p_stream;
  IF v_days IS NULL THEN
    RETURN 0;
  END IF;
  v_cutoff := least(coalesce(p_now, v_clock), v_clock) - v_days::bigint * 86400000;
  INSERT INTO public.audit_purge_permits (xact, stream, cutoff) VALUES (txid_current(), p_stream, v_cutoff);
  IF p_stream = 'audit_log' THEN
    DELETE FROM public.audit_log WHERE at < v_cutoff;
  ELSE
    DELETE FROM public.sign_in_log WHERE at < v_cutoff;
  END IF;
  GET DIAGNOSTICS v_removed = ROW_COUNT;
  DELETE FROM public.audit_purge_permits WHERE xact = txid_current() AND stream = p_stream;
  IF v_removed > 0 THEN
    INSERT INTO public.audit_log (at, actor_id, actor_name, action, target_kind, target_id, after)
    VALUES (v_clock, NULL, 'server', 'audit.retention', 'audit', p_stream,
            jsonb_build_object('removed', v_removed, 'older_than', v_cutoff, 'days', v_days));
  END IF;
  RETURN v_removed;
END
$$;

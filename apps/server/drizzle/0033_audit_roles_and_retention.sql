-- The audit log, its sign-in stream and module versions without a way around their triggers
-- (docs/audit.md, "Append-only"; docs/decisions/021-audit-log-roles.md). No setting a session can
-- make opens a delete any more: a row of audit_log or sign_in_log may go only while
-- audit_apply_retention, owned by the schema's owner, runs in the same transaction, and only what
-- the retention written in audit_retention allows. UPDATE and TRUNCATE are refused always, and
-- module_versions refuses UPDATE, DELETE and TRUNCATE always.

-- What each stream keeps, in days (NULL: for ever). Written at start by the connection that runs
-- the migrations (features/audit/retention.ts); the application's own role may not touch it.
CREATE TABLE "audit_retention" (
	"stream" text PRIMARY KEY NOT NULL CHECK ("stream" IN ('audit_log', 'sign_in_log')),
	"days" integer CHECK ("days" BETWEEN 1 AND 36500)
);
--> statement-breakpoint
INSERT INTO "audit_retention" ("stream", "days") VALUES ('audit_log', NULL), ('sign_in_log', 90);
--> statement-breakpoint
-- While audit_apply_retention runs: which transaction may delete which stream's rows older than
-- what. It removes its permit before it returns; no other role may write here.
CREATE TABLE "audit_purge_permits" (
	"xact" bigint NOT NULL,
	"stream" text NOT NULL CHECK ("stream" IN ('audit_log', 'sign_in_log')),
	"cutoff" bigint NOT NULL,
	CONSTRAINT "audit_purge_permits_pk" PRIMARY KEY ("xact", "stream")
);
--> statement-breakpoint
-- SECURITY DEFINER: it reads the permits as their owner, whoever deletes. A fixed search_path
-- and qualified names, so no object a caller creates (pg_temp included) stands in for ours.
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
--> statement-breakpoint
CREATE TRIGGER module_versions_append_only BEFORE UPDATE OR DELETE ON module_versions FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER module_versions_no_truncate BEFORE TRUNCATE ON module_versions FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
-- The retention job: removes the stream's rows older than its retention (audit_retention) counted
-- back from now, or from the given instant when that is earlier (a caller may keep more, never
-- less), and writes the audit.retention entry when it removed any. Returns how many it removed.
CREATE FUNCTION audit_apply_retention(p_stream text, p_now bigint) RETURNS bigint
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
--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_apply_retention(text, bigint) FROM PUBLIC;

-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "progress_followup_change"(text, text, text, jsonb, jsonb, integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "progress_followups" AS p ("module_id", "unit", "rank", "kind", "domain", "n", "total", "squares")
  SELECT $1, $2, $3, k."kind", e.key, $6, $6 * (e.value)::numeric, $6 * (e.value)::numeric * (e.value)::numeric
  FROM (VALUES ('change', $5), ('score', $4)) AS k("kind", "doc")
  CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(k."doc") = 'object' THEN k."doc" ELSE '{}'::jsonb END) e
  WHERE jsonb_typeof(e.value) = 'number'
  ORDER BY 4, 5
  ON CONFLICT ("module_id", "unit", "rank", "kind", "domain") DO UPDATE
    SET "n" = p."n" + EXCLUDED."n", "total" = p."total" + EXCLUDED."total", "squares" = p."squares" + EXCLUDED."squares";
$$;

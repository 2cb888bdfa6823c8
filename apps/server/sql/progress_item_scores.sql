-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "progress_item_scores"(items "progress_item"[])
  RETURNS TABLE ("module_id" text, "unit" text, "rank" text, "phase" text, "domain" text, "score" numeric) LANGUAGE sql STABLE AS $$
  SELECT i."module_id", i."unit", i."rank", a."phase", it->>'domain',
         (avg(CASE WHEN (it->>'reverse')::boolean THEN sc."hi" + sc."lo" - (e.value)::numeric ELSE (e.value)::numeric END) - sc."lo")
           / (sc."hi" - sc."lo") * 100
  FROM unnest(items) i
  JOIN "questionnaires" q ON q."module_id" = i."module_id"
  CROSS JOIN LATERAL (SELECT min((s->>'value')::numeric) AS "lo", max((s->>'value')::numeric) AS "hi"
                      FROM jsonb_array_elements(q."content"->'scale') s) sc
  CROSS JOIN LATERAL (VALUES ('before', i."answers_before"), ('after', i."answers_after")) AS a("phase", "answers")
  CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(a."answers") = 'object' THEN a."answers" ELSE '{}'::jsonb END) e
  JOIN LATERAL jsonb_array_elements(q."content"->'items') it ON it->>'id' = e.key
  WHERE jsonb_typeof(e.value) = 'number' AND sc."hi" > sc."lo"
  GROUP BY i."user_id", i."module_id", i."unit", i."rank", a."phase", it->>'domain', sc."lo", sc."hi"
$$;

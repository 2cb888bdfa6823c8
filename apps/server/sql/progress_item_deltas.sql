-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "progress_item_deltas"(old_items "progress_item"[], new_items "progress_item"[])
  RETURNS TABLE ("module_id" text, "unit" text, "rank" text, "started" boolean, "completed" boolean, "game_status" integer,
                 "due_at" bigint, "day" integer, "d" integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT i."module_id", i."unit", i."rank", i."started_at" > 0, i."completed_at" > 0, i."game_status",
         CASE WHEN i."completed_at" > 0 THEN 0 ELSE i."due_at" END,
         CASE WHEN i."completed_at" > 0 THEN (i."completed_at" / 86400000)::integer END, s."d"
  FROM (VALUES (-1, old_items), (1, new_items)) AS s("d", "items") CROSS JOIN LATERAL unnest(s."items") i
$$;

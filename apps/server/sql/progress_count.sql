-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "progress_count"(items "progress_item"[], sign integer) RETURNS void LANGUAGE sql AS $$
  SELECT "progress_change"(CASE WHEN sign < 0 THEN items END, CASE WHEN sign > 0 THEN items END);
$$;

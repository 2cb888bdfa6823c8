-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION unit_path(unit text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN unit ~ '^\s*$' THEN ''
  ELSE lower(regexp_replace(regexp_replace(unit, '^\s+|\s+$', '', 'g'), '\s*/\s*', '/', 'g')) || '/' END $$;

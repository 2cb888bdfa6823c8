-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "user_listing_json"(u "users") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"id":' || to_json(u."id")
    || ',"user_name":' || to_json(u."user_name")
    || ',"first_name":' || to_json(u."first_name")
    || ',"last_name":' || to_json(u."last_name")
    || ',"rank":' || to_json(u."rank")
    || ',"unit":' || to_json(u."unit")
    || ',"sex":' || to_json(u."sex")
    || ',"role":' || to_json(u."role")
    || ',"modules":[' || coalesce(string_agg(to_json(a."module_id")::text, ',' ORDER BY a."created_at", a."module_id"), '')
    || '],"active_at":' || u."active_at"
    || ',"pending":' || u."pending"
    || ',"invite_code":' || to_json(coalesce(u."invite_code", ''))
    || ',"last_invite_at":' || u."last_invite_at"
    || ',"last_login_at":' || u."last_login_at"
    || ',"assignments":[' || coalesce(string_agg(
         '{"key":' || to_json(a."module_id")
         || ',"created_at":' || a."created_at"
         || ',"started_at":' || a."started_at"
         || ',"completed_at":' || a."completed_at"
         || ',"revoked_at":' || a."revoked_at"
         || ',"due_at":' || a."due_at"
         || ',"game_status":' || a."game_status"
         || ',"score":' || CASE WHEN a."run_score_points" IS NULL THEN 'null'
              ELSE '{"points":' || a."run_score_points" || ',"stars":' || coalesce(a."run_stars", 0) || '}' END
         || '}',
         ',' ORDER BY a."created_at", a."module_id"), '')
    || ']}'
  FROM "assignments" a WHERE a."user_id" = u."id"
$$;

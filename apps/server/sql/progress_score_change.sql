-- The current definition of this function: to change it, change it here and include this file
-- from a new migration (docs/architecture.md, "SQL functions").
CREATE OR REPLACE FUNCTION "progress_score_change"(old_items "progress_item"[], new_items "progress_item"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "progress_answers" AS p ("module_id", "unit", "rank", "phase", "domain", "score_sum", "n")
  SELECT t."module_id", t."unit", t."rank", t."phase", t."domain", sum(t."d" * t."score"), sum(t."d")
  FROM (SELECT -1 AS "d", o.* FROM "progress_item_scores"(old_items) o
        UNION ALL SELECT 1, n.* FROM "progress_item_scores"(new_items) n) t
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(t."d") <> 0 OR sum(t."d" * t."score") <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("module_id", "unit", "rank", "phase", "domain") DO UPDATE
    SET "score_sum" = p."score_sum" + EXCLUDED."score_sum", "n" = p."n" + EXCLUDED."n";
  INSERT INTO "progress_changes" AS p ("module_id", "unit", "rank", "domain", "n", "change_sum", "change_squares", "improved")
  SELECT t."module_id", t."unit", t."rank", t."domain", sum(t."d"), sum(t."d" * t."change"),
         sum(t."d" * t."change" * t."change"), coalesce(sum(t."d") FILTER (WHERE t."change" > 0), 0)
  FROM (SELECT -1 AS "d", o.* FROM "progress_item_changes"(old_items) o
        UNION ALL SELECT 1, n.* FROM "progress_item_changes"(new_items) n) t
  GROUP BY 1, 2, 3, 4 HAVING sum(t."d") <> 0 OR sum(t."d" * t."change") <> 0 OR sum(t."d" * t."change" * t."change") <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("module_id", "unit", "rank", "domain") DO UPDATE
    SET "n" = p."n" + EXCLUDED."n", "change_sum" = p."change_sum" + EXCLUDED."change_sum",
        "change_squares" = p."change_squares" + EXCLUDED."change_squares",
        "improved" = p."improved" + EXCLUDED."improved";
$$;

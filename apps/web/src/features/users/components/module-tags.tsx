import { Tag } from '@carbon/react';
import { TAG_COLORS, type TagColor } from '@airman/contracts/constants.ts';

/**
 * A module's tag colour (spec §9's cyan, teal, blue, cool-gray, outline), from its place in the
 * module list rather than in a row, so one module has one colour on every row. A module the list
 * does not have (deleted meanwhile) takes a colour from its id.
 */
export function moduleColor(key: string, moduleIds: readonly string[]): TagColor {
  let place = moduleIds.indexOf(key);
  if (place === -1) place = [...key].reduce((sum, c) => sum + (c.codePointAt(0) ?? 0), 0);
  return TAG_COLORS[place % TAG_COLORS.length] ?? 'outline';
}

/** Modules as Carbon tags, each in its module's colour. */
export function ModuleTags({
  modules,
  moduleIds,
}: {
  modules: { key: string; title: string }[];
  /** Every module's id, in the module list's order. */
  moduleIds: readonly string[];
}) {
  // Several tags wrap onto a second line rather than widen the table, and a long title wraps
  // inside its tag: never cut, so Carbon adds no focusable tooltip (a row keeps two Tab stops).
  if (modules.length === 0) return null;
  return (
    <span className="module-tags">
      {modules.map((m) => (
        <Tag key={m.key} type={moduleColor(m.key, moduleIds)} size="sm">
          {m.title}
        </Tag>
      ))}
    </span>
  );
}

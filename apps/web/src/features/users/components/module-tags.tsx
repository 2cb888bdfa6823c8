import { Tag } from '@carbon/react';
import { TAG_COLORS } from '@airman/contracts/constants.ts';

/** Module titles as Carbon tags, colours cycling cyan, teal, blue, cool-gray, outline (spec §9). */
export function ModuleTags({ titles }: { titles: string[] }) {
  return (
    <>
      {titles.map((t, i) => (
        <Tag key={`${t}-${i}`} type={TAG_COLORS[i % TAG_COLORS.length]} size="sm">
          {t}
        </Tag>
      ))}
    </>
  );
}

/** The audit entries: when, who, what, to what, and what it changed, one line per field. */
import type { Ref } from 'react';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '@airman/contracts/audit.ts';
import type { Module } from '@airman/contracts/module.ts';
import { changeLines, localFormat, type FormatOptions } from '../audit-changes.ts';
import { TARGET_KIND_LABELS } from './audit-filters.tsx';
import { SimpleTable } from '#components/simple-table.tsx';

const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as keyof typeof AUDIT_ACTION_LABELS] ?? action;

/** When, on the admin's own clock, its zone named. */
export const formatAt = (at: number) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'long' });

export function AuditTable({
  entries,
  modules,
  caption,
  captionRef,
}: {
  entries: AuditEntry[];
  /** To name a module by its title; undefined while they load. */
  modules: Module[] | undefined;
  caption: string;
  /** Where the focus goes when the paging button pressed is no longer there to hold it. */
  captionRef: Ref<HTMLTableCaptionElement>;
}) {
  const format: FormatOptions = {
    ...localFormat,
    moduleTitle: (id) => modules?.find((m) => m.id === id)?.game_title,
  };
  return (
    // A scroller takes the focus, so a keyboard can scroll it (a phone's table is wider than the screen).
    <SimpleTable
      size="md"
      className="audit-table"
      caption={caption}
      captionClassName="audit-table__caption"
      captionRef={captionRef}
      headers={['Time', 'Actor', 'Action', 'Target', 'Changes']}
      scroll={{ label: 'Audit entries, scrollable' }}
    >
      {entries.map((e) => {
        const lines = changeLines(e.before, e.after, format);
        return (
          <tr key={e.id}>
            <td className="audit-table__time">
              <time dateTime={new Date(e.at).toISOString()}>{formatAt(e.at)}</time>
            </td>
            <td>{e.actor_id === null ? `${e.actor_name} (automatic)` : e.actor_name}</td>
            <td>{actionLabel(e.action)}</td>
            <td>
              <span className="audit-table__kind">{TARGET_KIND_LABELS[e.target_kind] ?? e.target_kind}: </span>
              {e.target_name || e.target_id}
            </td>
            <td>
              {lines.length === 0 ? (
                '–'
              ) : (
                <ul className="audit-table__changes">
                  {lines.map((line, i) => (
                    <li key={i}>{line}</li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        );
      })}
    </SimpleTable>
  );
}

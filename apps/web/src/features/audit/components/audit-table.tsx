/** The audit entries: when, who, what, to what, and what it changed, one line per field. */
import type { Ref } from 'react';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '@airman/contracts/audit.ts';
import type { Module } from '@airman/contracts/module.ts';
import { changeLines, localFormat, type FormatOptions } from '../audit-changes.ts';
import { TARGET_KIND_LABELS } from './audit-filters.tsx';

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
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Audit entries, scrollable">
      <table className="cds--data-table cds--data-table--md audit-table">
        <caption className="audit-table__caption" tabIndex={-1} ref={captionRef}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Actor</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </div>
  );
}

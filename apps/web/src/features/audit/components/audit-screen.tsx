/**
 * /audit: who did what (GET admin/audit), newest first, filtered by actor, action, target
 * and days; the filters live in the URL, so a user's or a module's History link opens the
 * screen on its entries. Pages go by the server's cursor: older ones by the last page's,
 * newer ones back along the cursors already followed.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Button, DataTableSkeleton, InlineNotification } from '@carbon/react';
import { Download } from '@carbon/icons-react';
import { AUDIT_PAGE_SIZE } from '@airman/contracts/audit.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { PageHeading } from '#components/page-heading.tsx';
import { useToast } from '#components/toasts.tsx';
import { ApiError } from '#lib/api-client.ts';
import { useModules } from '#lib/modules.ts';
import { useUnits } from '#lib/units.ts';
import { useUrlFilters } from '#lib/url-filters.ts';
import { downloadAuditCsv } from '../api/download-audit-csv.ts';
import { auditFiltersFrom, auditSearch, useAudit } from '../api/get-audit.ts';
import { AuditFiltersBar } from './audit-filters.tsx';
import { AuditTable } from './audit-table.tsx';
import '#styles/admin.scss';
import '#styles/audit.scss';

export function AuditScreen() {
  const toast = useToast();
  const modules = useModules();
  const units = useUnits();
  const [filters, changeFilters] = useUrlFilters(auditFiltersFrom, auditSearch);
  // The cursors followed to reach this page (the first page's is none), for these filters only.
  const filtersKey = auditSearch(filters).toString();
  const [paging, setPaging] = useState({ filtersKey, cursors: [undefined] as (string | undefined)[] });
  const cursors = paging.filtersKey === filtersKey ? paging.cursors : [undefined];
  const page = cursors.length;
  const backwards = filters.from !== undefined && filters.to !== undefined && filters.from > filters.to;
  const audit = useAudit(filters, cursors.at(-1), !backwards);
  const data = audit.data;

  const caption = useRef<HTMLTableCaptionElement>(null);
  const older = useRef<HTMLButtonElement>(null);
  const newer = useRef<HTMLButtonElement>(null);
  // The paging button last pressed: once its page is in, focus stays on it, or goes to the
  // table's caption if the button is now disabled (the first or the last page).
  const pressed = useRef<HTMLButtonElement | null>(null);
  useLayoutEffect(() => {
    const button = pressed.current;
    if (!button) return;
    if (button.disabled || !button.isConnected) {
      pressed.current = null;
      caption.current?.focus();
    } else if (!audit.isPlaceholderData && !audit.isFetching) pressed.current = null;
  }, [audit.isPlaceholderData, audit.isFetching, data]);

  function turn(to: 'older' | 'newer') {
    if (audit.isFetching) return;
    if (to === 'older' && !data?.cursor) return;
    pressed.current = to === 'older' ? older.current : newer.current;
    const next = to === 'older' ? [...cursors, data?.cursor] : cursors.slice(0, -1);
    setPaging({ filtersKey, cursors: next.length > 0 ? next : [undefined] });
  }

  const [downloading, setDownloading] = useState(false);
  async function download() {
    if (downloading) return;
    setDownloading(true);
    try {
      const name = await downloadAuditCsv(filters);
      toast({ kind: 'success', title: `Audit log downloaded: ${name}` });
    } catch (error) {
      toast({
        kind: 'error',
        title: `Error downloading the audit log: ${error instanceof Error ? error.message : String(error)}`,
      });
    } finally {
      setDownloading(false);
    }
  }

  const filtered = Object.values(filters).some((v) => v);
  const entries = data?.entries ?? [];
  const first = (page - 1) * AUDIT_PAGE_SIZE + 1;
  const captionText =
    entries.length === 0
      ? 'Audit entries: none on this page'
      : `Audit entries ${first} to ${first + entries.length - 1}, newest first`;
  const status = backwards
    ? ''
    : audit.isFetching
      ? 'Loading entries…'
      : data
        ? entries.length === 0
          ? 'No entries match these filters.'
          : `Showing ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}${page > 1 || data.cursor ? `, page ${page}` : ''}.`
        : '';

  return (
    <section className="audit-screen" aria-labelledby="audit-title">
      <PageHeading id="audit-title">Audit</PageHeading>
      <p className="audit-screen__intro">
        Every change an administrator made, and who made it. Times are shown in your time zone.
      </p>
      <AuditFiltersBar filters={filters} modules={modules.data} units={units.data} onChange={changeFilters} />
      <div className="toolbar">
        <Button
          kind="tertiary"
          size="md"
          renderIcon={Download}
          // Not disabled while the file comes: the focus stays on the button (a second press waits for the first).
          disabled={backwards}
          onClick={() => void download()}
        >
          Download CSV
        </Button>
      </div>
      {/* Announced after every load, so a filter's or a page's effect is heard. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {backwards && (
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          role="alert"
          title="The From day comes after the To day."
          subtitle="Change one of them to see entries."
        />
      )}
      {audit.isError && (
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          role="alert"
          title="Error loading the audit log"
          subtitle={audit.error instanceof ApiError ? audit.error.message : undefined}
        />
      )}
      {!data && audit.isPending && !backwards && (
        <div className="table-scroll">
          <DataTableSkeleton
            headers={[
              { header: 'Time' },
              { header: 'Actor' },
              { header: 'Action' },
              { header: 'Target' },
              { header: 'Changes' },
            ]}
            rowCount={5}
            showHeader={false}
            showToolbar={false}
            aria-label="Loading audit entries"
          />
        </div>
      )}
      {data && !backwards && entries.length === 0 && page === 1 && (
        <EmptyState
          title={filtered ? 'No entries match these filters' : 'No entries yet'}
          text={
            filtered
              ? 'Widen the date range, or clear the filters to see every entry.'
              : 'Changes made by administrators appear here as they happen.'
          }
          action={
            filtered
              ? {
                  label: 'Clear filters',
                  onClick: () => {
                    changeFilters({});
                    document.getElementById('audit-actor')?.focus();
                  },
                }
              : undefined
          }
        />
      )}
      {data && !backwards && (entries.length > 0 || page > 1) && (
        <div className={audit.isPlaceholderData ? 'audit-body is-stale' : 'audit-body'}>
          <AuditTable entries={entries} modules={modules.data} caption={captionText} captionRef={caption} />
          <nav className="pagination" aria-label="Pages">
            <Button ref={newer} kind="tertiary" size="sm" disabled={page === 1} onClick={() => turn('newer')}>
              Newer entries
            </Button>
            <Button ref={older} kind="tertiary" size="sm" disabled={!data.cursor} onClick={() => turn('older')}>
              Older entries
            </Button>
          </nav>
        </div>
      )}
    </section>
  );
}

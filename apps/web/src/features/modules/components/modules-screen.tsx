/**
 * The Training Modules screen (spec §2, §4). Read only for a unit administrator: it views a module
 * (and play-tests it) and the questionnaire, and downloads reports; it creates, edits and archives none.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, DataTableSkeleton, Loading, Search, Toggle } from '@carbon/react';
import { copyTitle, DEFAULT_GAME_RECORD, isArchived, isBaseModule } from '@airman/contracts/module-values.ts';
import type { Module } from '@airman/contracts/module.ts';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { UnitFilter } from '#components/unit-filter.tsx';
import { useToast } from '#components/toasts.tsx';
import { moduleProblem, useModules } from '#lib/modules.ts';
import { useUnits } from '#lib/units.ts';
import { useArchiveModule } from '../api/archive-module.ts';
import { useDownloadReport } from '../api/download-report.ts';
import { useFreshModule } from '../api/get-module.ts';
import { useQuestionnaire } from '../api/get-questionnaire.ts';
import { useSaveModule } from '../api/save-module.ts';
import { useUnarchiveModule } from '../api/unarchive-module.ts';
import { useUpdateQuestionnaire } from '../api/update-questionnaire.ts';
import { JsonEditorModal } from './json-editor-modal.tsx';
import { BASE_MODULE_LOCK_LABEL } from './module-lock.ts';
import '#styles/admin.scss';
import { AppModal } from '#components/app-modal.tsx';
import { PageHeading } from '#components/page-heading.tsx';
import { SimpleTable } from '#components/simple-table.tsx';
import { ErrorNotice } from '#components/error-notice.tsx';

// The editors load on demand: they are not part of the login page's or the game's bundles.
const ModuleEditorModal = lazy(() => import('./module-editor-modal.tsx'));

type Dialog =
  | { kind: 'edit'; module: Module }
  | { kind: 'json'; module: Module }
  | { kind: 'questionnaire' }
  | { kind: 'archive'; module: Module };

const archiveId = (id: string) => `archive-${id}`;
const unarchiveId = (id: string) => `unarchive-${id}`;

/** How long focus waits for a control the list is about to show: about a second. */
const FOCUS_WAIT_FRAMES = 60;

export function ModulesScreen({ readOnly = false }: { readOnly?: boolean }) {
  const toast = useToast();
  const modules = useModules();
  const [search, setSearch] = useState('');
  const [showArchived, setShowArchived] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const archiving = useArchiveModule();
  const unarchiving = useUnarchiveModule();
  const savingJson = useSaveModule();
  const savingQuestionnaire = useUpdateQuestionnaire();
  const report = useDownloadReport();
  // The reports' unit: its users and those of every unit under it (none: everyone the caller may see).
  const units = useUnits();
  const [reportUnit, setReportUnit] = useState<string | undefined>(undefined);
  /**
   * Focus on the control with this id once the list read again shows it, or on `fallback` when
   * it does not come. The list's new rows are drawn a moment after the call that changed them
   * has returned (later on a busy machine), so the control is looked for each frame for a while.
   */
  function focusWhenShown(id: string, fallback: string) {
    let frames = 0;
    const attempt = () => {
      const target = document.getElementById(id);
      if (target) target.focus();
      else if (frames++ < FOCUS_WAIT_FRAMES) requestAnimationFrame(attempt);
      else document.getElementById(fallback)?.focus();
    };
    requestAnimationFrame(attempt);
  }
  // The editors of an existing module open on it as the server has it now (GET modules/{id}).
  const openId =
    (dialog?.kind === 'edit' || dialog?.kind === 'json') && dialog.module.id !== '' ? dialog.module.id : null;
  const fresh = useFreshModule(openId);
  const freshEditing = openId === null ? undefined : { data: fresh.data, error: fresh.error };
  const questionnaire = useQuestionnaire(dialog?.kind === 'questionnaire');

  const term = search.trim().toLowerCase();
  const rows = (modules.data ?? [])
    .filter((m) => showArchived || !isArchived(m))
    .filter((m) => !term || m.game_title.toLowerCase().includes(term) || m.id.toLowerCase().includes(term));

  // In place (no window of its own), and said: the file's name once the browser has it, or why not.
  async function saveReport(m: Module) {
    try {
      const name = await report.mutateAsync({ moduleId: m.id, unit: reportUnit });
      toast({ kind: 'success', title: `Report downloaded: ${name}` });
    } catch (error) {
      toast({
        kind: 'error',
        title: `Error downloading the report: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  async function archive(m: Module) {
    try {
      await archiving.mutateAsync({ id: m.id });
      toast({ kind: 'success', title: `Module '${m.game_title}' archived` });
      setDialog(null);
      // Its Unarchive button when archived modules are shown; else the toggle that shows them.
      if (showArchived) focusWhenShown(unarchiveId(m.id), 'show-archived');
      else requestAnimationFrame(() => document.getElementById('show-archived')?.focus());
    } catch (error) {
      toast({
        kind: 'error',
        title: `Error archiving module: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  async function unarchive(m: Module) {
    try {
      await unarchiving.mutateAsync({ id: m.id });
      toast({ kind: 'success', title: `Module '${m.game_title}' unarchived` });
      // The row stays: focus goes to the Archive button now in place of Unarchive.
      focusWhenShown(archiveId(m.id), 'show-archived');
    } catch (error) {
      toast({
        kind: 'error',
        title: `Error unarchiving module: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  return (
    <section aria-labelledby="modules-title">
      <PageHeading id="modules-title">Training Modules</PageHeading>
      <div className="toolbar">
        <Search
          id="modules-search"
          labelText="Search modules"
          placeholder="Search modules"
          size="lg"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Toggle
          id="show-archived"
          labelText="Show Archived"
          labelA="Off"
          labelB="On"
          toggled={showArchived}
          onToggle={setShowArchived}
        />
        <UnitFilter
          id="report-unit"
          label="Reports of unit"
          value={reportUnit}
          units={units.data}
          onChange={setReportUnit}
        />
        {/* From scratch: the default game record of spec §3, saved only once the admin changed it. */}
        {!readOnly && (
          <Button onClick={() => setDialog({ kind: 'edit', module: DEFAULT_GAME_RECORD })}>New Module +</Button>
        )}
      </div>
      {modules.isError && <ErrorNotice title="The modules could not be loaded." subtitle={modules.error.message} />}
      {modules.isPending && (
        <div className="table-scroll">
          <DataTableSkeleton
            headers={[{ header: 'Name' }, { header: 'Base Module' }, { header: 'Actions' }]}
            rowCount={5}
            showHeader={false}
            showToolbar={false}
            aria-label="Loading modules"
          />
        </div>
      )}
      {modules.data && rows.length === 0 && (
        <EmptyState
          title={term ? `No modules match '${search.trim()}'` : 'No modules to show'}
          text={
            term
              ? 'Check the spelling, or search by another part of the title.'
              : readOnly
                ? 'Archived modules are hidden: turn on Show Archived.'
                : 'Archived modules are hidden: turn on Show Archived, or start one with New Module +.'
          }
          action={
            term
              ? {
                  label: 'Clear search',
                  onClick: () => {
                    setSearch('');
                    document.getElementById('modules-search')?.focus();
                  },
                }
              : undefined
          }
        />
      )}
      {modules.data && rows.length > 0 && (
        <SimpleTable
          size="md"
          className="modules-table"
          label="Training Modules"
          headers={['Name', 'Base Module', 'Actions']}
          scroll="plain"
        >
          {rows.map((m) => {
            const archived = isArchived(m);
            // A module that fails today's checks opens in Edit JSON only: the table editor needs a valid one.
            const problem = moduleProblem(m);
            return (
              <tr
                key={m.id}
                className={archived ? 'is-archived' : undefined}
                onDoubleClick={() => (readOnly || !archived) && !problem && setDialog({ kind: 'edit', module: m })}
              >
                <td>
                  {m.game_title}
                  {archived && <span className="visually-hidden"> (archived)</span>}
                  {problem && (
                    <p className="modules-table__problem">
                      <strong>Needs fixing in Edit JSON:</strong> {problem}
                    </p>
                  )}
                </td>
                <td>{isBaseModule(m) ? 'Yes' : (modules.data.find((b) => b.id === m.game_type)?.game_title ?? '—')}</td>
                <td className="modules-table__actions">
                  {readOnly ? (
                    <ReadOnlyActions
                      module={m}
                      problem={problem}
                      onView={() => setDialog({ kind: 'edit', module: m })}
                      onQuestionnaire={() => setDialog({ kind: 'questionnaire' })}
                      onReport={() => void saveReport(m)}
                    />
                  ) : (
                    <>
                      <Button
                        kind="ghost"
                        size="sm"
                        disabled={archived || problem !== undefined}
                        onClick={() => setDialog({ kind: 'edit', module: m })}
                      >
                        Edit<span className="visually-hidden"> {m.game_title}</span>
                      </Button>
                      <Button
                        kind="ghost"
                        size="sm"
                        disabled={archived}
                        onClick={() => setDialog({ kind: 'json', module: m })}
                      >
                        Edit JSON<span className="visually-hidden"> of {m.game_title}</span>
                      </Button>
                      {m.id === READY_AIRMAN_MODULE_ID && (
                        <Button kind="ghost" size="sm" onClick={() => setDialog({ kind: 'questionnaire' })}>
                          Edit Questionnaire JSON
                        </Button>
                      )}
                      <Button
                        kind="ghost"
                        size="sm"
                        disabled={problem !== undefined}
                        onClick={() =>
                          setDialog({
                            kind: 'edit',
                            module: { ...m, id: '', archived_at: 0, game_title: copyTitle(m.game_title) },
                          })
                        }
                      >
                        Customize A Copy<span className="visually-hidden"> of {m.game_title}</span>
                      </Button>
                      <Button kind="ghost" size="sm" onClick={() => void saveReport(m)}>
                        Download Report<span className="visually-hidden"> of {m.game_title}</span>
                      </Button>
                      {!isBaseModule(m) && !archived && (
                        <Button
                          id={archiveId(m.id)}
                          kind="danger--ghost"
                          size="sm"
                          onClick={() => setDialog({ kind: 'archive', module: m })}
                        >
                          Archive<span className="visually-hidden"> {m.game_title}</span>
                        </Button>
                      )}
                      {archived && (
                        <Button id={unarchiveId(m.id)} kind="ghost" size="sm" onClick={() => void unarchive(m)}>
                          Unarchive<span className="visually-hidden"> {m.game_title}</span>
                        </Button>
                      )}
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </SimpleTable>
      )}

      {dialog?.kind === 'edit' && (
        <Suspense fallback={<Loading description="Loading the editor" />}>
          <ModuleEditorModal
            module={dialog.module}
            fresh={freshEditing}
            readOnly={readOnly}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog?.kind === 'json' && (
        <JsonEditorModal
          heading={dialog.module.game_title}
          value={fresh.data}
          loadError={
            fresh.error ? { title: 'The module could not be loaded.', detail: fresh.error.message } : undefined
          }
          errorAlert="There was an error updating this module."
          lockLabel={isBaseModule(dialog.module) ? BASE_MODULE_LOCK_LABEL : undefined}
          onClose={() => setDialog(null)}
          saving={savingJson.isPending}
          onSave={async (parsed) => {
            const creating = (parsed as Partial<Module>).id === '';
            try {
              // The server checks the document: what the editor parsed is sent as it is.
              await savingJson.mutateAsync(parsed as Module);
            } catch (error) {
              toast({ kind: 'error', title: creating ? 'Error creating module' : 'Error editing module' });
              throw error;
            }
            toast({ kind: 'success', title: creating ? 'Module created' : 'Module updated' });
          }}
        />
      )}
      {dialog?.kind === 'questionnaire' && (
        <JsonEditorModal
          heading="Comprehensive Airman Fitness"
          value={questionnaire.data}
          readOnly={readOnly}
          // Spec §8's 'There was an error updating the questionnaire.' is for a refused update.
          loadError={
            questionnaire.error
              ? { title: 'The questionnaire could not be loaded.', detail: questionnaire.error.message }
              : undefined
          }
          errorAlert="There was an error updating the questionnaire."
          onClose={() => setDialog(null)}
          saving={savingQuestionnaire.isPending}
          onSave={async (parsed) => {
            await savingQuestionnaire.mutateAsync(parsed);
            toast({ kind: 'success', title: 'Questionnaire updated' });
          }}
        />
      )}
      {dialog?.kind === 'archive' && (
        <AppModal
          open
          danger
          size="sm"
          modalHeading={`Archive '${dialog.module.game_title}'?`}
          primaryButtonText="Archive"
          secondaryButtonText="Cancel"
          primaryButtonDisabled={archiving.isPending}
          onRequestSubmit={() => void archive(dialog.module)}
          onRequestClose={() => setDialog(null)}
        >
          <p>Archived modules can no longer be assigned or edited. Existing assignments and reports are kept.</p>
        </AppModal>
      )}
    </section>
  );
}

/** A row's actions for a unit administrator: view (and play-test) the module, the questionnaire, the report. */
function ReadOnlyActions({
  module: m,
  problem,
  onView,
  onQuestionnaire,
  onReport,
}: {
  module: Module;
  /** Why the stored module fails today's checks: the table view needs a valid one. */
  problem: string | undefined;
  onView(): void;
  onQuestionnaire(): void;
  onReport(): void;
}) {
  return (
    <>
      <Button kind="ghost" size="sm" disabled={problem !== undefined} onClick={onView}>
        View<span className="visually-hidden"> {m.game_title}</span>
      </Button>
      {m.id === READY_AIRMAN_MODULE_ID && (
        <Button kind="ghost" size="sm" onClick={onQuestionnaire}>
          View Questionnaire JSON
        </Button>
      )}
      <Button kind="ghost" size="sm" onClick={onReport}>
        Download Report<span className="visually-hidden"> of {m.game_title}</span>
      </Button>
    </>
  );
}

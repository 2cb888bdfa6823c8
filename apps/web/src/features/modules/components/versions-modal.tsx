/**
 * The module's versions (GET modules/{id}/versions), over the editor: each with its author and
 * time; two chosen are compared as rows added, removed and changed (contracts/version-diff.ts); any older
 * one can be restored, after a confirmation, as the next version, which the editor then shows.
 */
import { useState } from 'react';
import { Button, InlineLoading } from '@carbon/react';
import type { Module } from '@airman/contracts/module.ts';
import { diffVersions, type DiffRow } from '@airman/contracts/version-diff.ts';
import { AppModal } from '#components/app-modal.tsx';
import { FilterSelect } from '#components/filter-select.tsx';
import { useToast } from '#components/toasts.tsx';
import { useModuleVersion } from '../api/get-module-version.ts';
import { useModuleVersions } from '../api/get-module-versions.ts';
import { useRestoreModuleVersion } from '../api/restore-module-version.ts';
import { SimpleTable } from '#components/simple-table.tsx';
import { ErrorNotice } from '#components/error-notice.tsx';

const when = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const KIND_WORDS: Record<DiffRow['kind'], string> = { added: 'Added', removed: 'Removed', changed: 'Changed' };

interface Props {
  moduleId: string;
  title: string;
  /** The editor holds changes not saved: a restore replaces them, and the confirmation says so. */
  unsaved: boolean;
  /** The module as restored: the editor shows it. */
  onRestored(module: Module): void;
  onClose(): void;
}

export function VersionsModal({ moduleId, title, unsaved, onRestored, onClose }: Props) {
  const toast = useToast();
  const versions = useModuleVersions(moduleId);
  const list = versions.data?.versions;
  const newest = list?.[0]?.version;
  // The two compared: by default the newest and the one before it.
  const [chosen, setChosen] = useState<{ from: number; to: number } | null>(null);
  const from = chosen?.from ?? list?.[1]?.version ?? null;
  const to = chosen?.to ?? newest ?? null;
  const [confirming, setConfirming] = useState<number | null>(null);
  const restore = useRestoreModuleVersion(moduleId);
  const [alert, setAlert] = useState<string | null>(null);

  function confirm(n: number) {
    setConfirming(null);
    setAlert(null);
    restore.mutate(n, {
      onSuccess(module) {
        onRestored(module);
        // The comparison moves on to the new version, against the one it came from.
        setChosen(null);
        toast({ kind: 'success', title: `Version ${n} restored as the newest version` });
      },
      onError(error) {
        toast({ kind: 'error', title: 'Error restoring the version' });
        setAlert(error.message);
      },
    });
  }

  const options = (list ?? []).map((v) => ({ value: String(v.version), text: `Version ${v.version}` }));

  return (
    <>
      <AppModal
        open
        passiveModal
        size="lg"
        modalHeading={`Versions: ${title}`}
        onRequestClose={onClose}
        className="versions-modal"
      >
        {/* Announced: a restore's outcome. */}
        <p className="visually-hidden" role="status" aria-live="polite">
          {restore.isPending ? 'Restoring…' : ''}
        </p>
        {alert && <ErrorNotice title="The version could not be restored." subtitle={alert} />}
        {versions.isError && (
          <ErrorNotice title="The versions could not be loaded." subtitle={versions.error.message} />
        )}
        {/* There from the start, so the modal's first focus lands in its content, not on its Close button. */}
        <div
          className="table-scroll"
          tabIndex={0}
          role="region"
          aria-label="Versions, scrollable"
          data-modal-primary-focus
        >
          {versions.isPending && <InlineLoading description="Loading the versions" />}
          {list && list.length === 0 && <p>No version kept yet: the first save keeps one.</p>}
          {list && list.length > 0 && (
            <SimpleTable
              className="versions-table"
              caption={`Versions of ${title}, newest first`}
              captionHidden
              headers={['Version', 'Saved by', 'Saved', <span className="visually-hidden">Restore</span>]}
            >
              {list.map((v) => (
                <tr key={v.version}>
                  <td>{v.version === newest ? `${v.version} (current)` : v.version}</td>
                  <td>{v.author_id === null ? `${v.author_name} (automatic)` : v.author_name}</td>
                  <td>{when(v.saved_at)}</td>
                  <td>
                    {v.version !== newest && (
                      <Button
                        kind="ghost"
                        size="sm"
                        // Not disabled while a restore runs: the focus comes back to this button after it.
                        onClick={() => !restore.isPending && setConfirming(v.version)}
                      >
                        Restore<span className="visually-hidden"> version {v.version}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </SimpleTable>
          )}
        </div>
        {list && list.length > 1 && from !== null && to !== null && (
          <section aria-labelledby="versions-compare-title" className="versions-compare">
            <h3 id="versions-compare-title">Compare</h3>
            <div className="versions-compare__choice" role="group" aria-label="Versions compared">
              <FilterSelect
                id="versions-from"
                label="Compare version"
                value={String(from)}
                options={options}
                onChange={(v) => setChosen({ from: Number(v), to })}
              />
              <FilterSelect
                id="versions-to"
                label="with version"
                value={String(to)}
                options={options}
                onChange={(v) => setChosen({ from, to: Number(v) })}
              />
            </div>
            <VersionDiff moduleId={moduleId} from={from} to={to} />
          </section>
        )}
        {list && list.length === 1 && <p>Only one version so far: nothing to compare.</p>}
      </AppModal>
      {confirming !== null && (
        <AppModal
          open
          danger
          size="sm"
          modalHeading={`Restore version ${confirming}?`}
          primaryButtonText="Restore"
          secondaryButtonText="Cancel"
          onRequestSubmit={() => confirm(confirming)}
          onRequestClose={() => setConfirming(null)}
        >
          <p>
            The module (and its questionnaire, when it has one) goes back to version {confirming}, saved as a new
            version. Runs already played keep the version they were played on.
          </p>
          {unsaved && <p className="versions-modal__warning">Your unsaved changes in the editor are replaced.</p>}
        </AppModal>
      )}
    </>
  );
}

/** What changed from one version to another, part by part. */
function VersionDiff({ moduleId, from, to }: { moduleId: string; from: number; to: number }) {
  const a = useModuleVersion(moduleId, from);
  const b = useModuleVersion(moduleId, to);
  if (a.isError || b.isError) {
    return <ErrorNotice title="The versions could not be compared." subtitle={(a.error ?? b.error)?.message} />;
  }
  if (!a.data || !b.data) return <InlineLoading description="Comparing the versions" />;
  const sections = diffVersions(a.data, b.data);
  const changes = sections.reduce((n, s) => n + s.rows.length + (s.reordered ? 1 : 0), 0);
  return (
    <div className="version-diff">
      <p className="visually-hidden" role="status">
        {from === to ? '' : `Version ${from} to version ${to}: ${changes} ${changes === 1 ? 'change' : 'changes'}.`}
      </p>
      {from === to ? (
        <p>Choose two different versions to see what changed.</p>
      ) : sections.length === 0 ? (
        <p>
          Versions {from} and {to} hold the same module.
        </p>
      ) : (
        <>
          <p>
            From version {from} to version {to}:
          </p>
          {sections.map((s) => (
            <section key={s.title} aria-label={s.title}>
              <h4>{s.title}</h4>
              {s.reordered && <p>The rows’ order changed.</p>}
              <ul className="version-diff__rows">
                {s.rows.map((r) => (
                  <li key={`${r.kind} ${r.name}`} className={`version-diff__row version-diff__row--${r.kind}`}>
                    <strong>
                      {KIND_WORDS[r.kind]}: {r.name}
                    </strong>
                    {r.details.length > 0 && (
                      <ul>
                        {r.details.map((d, i) => (
                          <li key={i}>{d}</li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}

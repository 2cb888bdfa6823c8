/**
 * /progress: training progress at a glance (GET admin/progress). The filters
 * live in the URL, so a view can be shared and survives a reload.
 */
import { lazy, Suspense, useRef, useState, type ComponentType } from 'react';
import { Button, InlineNotification, Loading } from '@carbon/react';
import type { NudgeResponse } from '@airman/contracts/record.ts';
import { nudgeOutcome, traineesCount } from '#lib/nudge.ts';
import { PROGRESS_STATUSES } from '@airman/contracts/progress-values.ts';
import type { ProgressResponse } from '@airman/contracts/progress.ts';
import type { Module } from '@airman/contracts/module.ts';
import type { User } from '@airman/contracts/user.ts';
import { useToast } from '#components/toasts.tsx';
import { ApiError } from '#lib/api-client.ts';
import { useCurrentUser } from '#lib/auth/current-user.tsx';
import { isFullAdmin } from '#lib/roles.ts';
import { useModules } from '#lib/modules.ts';
import { useUnits } from '#lib/units.ts';
import { useUrlFilters } from '#lib/url-filters.ts';
import { filtersFrom, getOverdueTrainees, progressSearch, useProgress } from '../api/get-progress.ts';
import { STATUS_LABELS } from './status-labels.ts';
import { OverdueTable } from './overdue-table.tsx';
import { ChangeTable, laterLabel, MeansTable } from './learning-table.tsx';
import { ProgressFiltersBar } from './progress-filters.tsx';
import { PageHeading } from '#components/page-heading.tsx';
import '#styles/admin.scss';
import '#styles/progress.scss';
import { SimpleTable } from '#components/simple-table.tsx';
import { CompletionsLine, DomainBars, RowBars } from './progress-charts.tsx';

// The reminder's dialog (its note field, the modal) loads when first opened.
const NudgeModal = lazy(() => import('#components/nudge-modal.tsx').then((m) => ({ default: m.NudgeModal })));

const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

function StatusTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: ProgressResponse['modules'] | ProgressResponse['units'];
}) {
  return (
    <SimpleTable
      className="progress-counts"
      caption={caption}
      captionHidden
      headers={[first, 'Assigned', ...PROGRESS_STATUSES.map((s) => STATUS_LABELS[s]), 'Completion', '% current']}
      scroll={{ label: `${caption}, scrollable` }}
    >
      {rows.map((r) => {
        const name = 'title' in r ? r.title : r.unit || '(no unit)';
        return (
          <tr key={'id' in r ? r.id : r.unit}>
            <th scope="row">{name}</th>
            <td>{r.assigned}</td>
            {PROGRESS_STATUSES.map((s) => (
              <td key={s}>{r[s]}</td>
            ))}
            <td>{percent(r.completion)}</td>
            <td>{percent(r.current_share)}</td>
          </tr>
        );
      })}
    </SimpleTable>
  );
}

/**
 * The user editor an overdue row opens: the users feature's, which the route
 * hands in (a feature imports no other feature).
 */
export interface UserEditor {
  /** GET admin/users/{id}. */
  load(id: string): Promise<User>;
  Modal: ComponentType<{
    user: User;
    currentUserId: string;
    /** A full administrator: roles and scopes, the sign-in method, the e-mail log. */
    fullAdmin: boolean;
    modules: Module[];
    onClose(): void;
    onChanged(): void;
  }>;
}

export function ProgressScreen({ userEditor }: { userEditor: UserEditor }) {
  const { Modal: UserModal } = userEditor;
  const me = useCurrentUser();
  const toast = useToast();
  const [filters, changeFilters] = useUrlFilters(filtersFrom, progressSearch);
  const progress = useProgress(filters);
  // The units to choose from: every unit users are in, as on the users list.
  const units = useUnits();
  const modules = useModules();
  const [open, setOpen] = useState<User | null>(null);
  // The trainees chosen on the overdue list for a reminder, the reminder being written, its answer.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // The trainees a reminder is being written to; `all`: every one overdue in the filters.
  const [nudging, setNudging] = useState<{ ids: string[]; all: boolean } | null>(null);
  const [nudged, setNudged] = useState<string>('');
  const [finding, setFinding] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  async function openUser(id: string, from: HTMLElement) {
    opener.current = from;
    try {
      setOpen(await userEditor.load(id));
    } catch (error) {
      toast({
        kind: 'error',
        title: error instanceof ApiError && error.status === 404 ? 'This user no longer exists.' : 'Error loading user',
      });
      void progress.refetch();
    }
  }

  function closeUser() {
    setOpen(null);
    // Focus goes back to the row's button that opened the modal (if it is still shown).
    requestAnimationFrame(() => {
      if (opener.current?.isConnected) opener.current.focus();
    });
  }

  const data = progress.data;
  // Chosen ones still on the list (a filter may have taken some away); none chosen: all of them.
  const overdueIds = [...new Set(data?.overdue.map((o) => o.user_id) ?? [])];
  const chosenIds = overdueIds.filter((id) => chosen.has(id));
  const moduleFilter = filters.module ? data?.modules.find((m) => m.id === filters.module) : undefined;

  function choose(id: string, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  }

  /** "All": every trainee overdue in the filters that a reminder reaches, beyond the rows listed. */
  async function remindAll() {
    setFinding(true);
    setNudged('');
    try {
      const { user_ids } = await getOverdueTrainees(filters);
      if (user_ids.length === 0)
        setNudged(
          'No overdue trainee in these filters can be reminded now: each is deactivated, not yet registered, or was reminded in the last 24 hours.',
        );
      else setNudging({ ids: user_ids, all: true });
    } catch (error) {
      toast({
        kind: 'error',
        title: 'Error finding the overdue trainees',
        subtitle: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setFinding(false);
    }
  }

  function nudgeDone(result: NudgeResponse) {
    setNudging(null);
    setChosen(new Set());
    setNudged(`Reminders: ${nudgeOutcome(result)}.`);
  }

  const filtered = data?.modules.filter((m) => m.assigned > 0 || filters.module !== undefined) ?? [];
  const assigned = data?.units.reduce((sum, u) => sum + u.assigned, 0) ?? 0;

  return (
    <section className="progress-screen" aria-labelledby="progress-title">
      <PageHeading id="progress-title">Progress</PageHeading>
      <ProgressFiltersBar filters={filters} modules={modules.data} units={units.data} onChange={changeFilters} />
      {/* Announced after every load, so a filter's effect is heard. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {progress.isFetching ? 'Loading progress…' : data ? `Showing ${assigned} assignments.` : ''}
      </p>
      {progress.isError && (
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          title="Error loading progress"
          subtitle={progress.error instanceof ApiError ? progress.error.message : undefined}
        />
      )}
      {!data && progress.isPending && <Loading withOverlay={false} description="Loading progress" />}
      {data && (
        <div className={progress.isPlaceholderData ? 'progress-body is-stale' : 'progress-body'}>
          <section aria-labelledby="progress-modules">
            <h2 id="progress-modules">By module</h2>
            <p className="progress-note">% current: completed and not expired, of those assigned.</p>
            {filtered.length === 0 ? (
              <p>No assignments match these filters.</p>
            ) : (
              <>
                <RowBars
                  measure="status"
                  title="Assignments by module and status"
                  axisTitle="Module"
                  rows={filtered.map((m) => ({ ...m, label: m.title }))}
                />
                <RowBars
                  measure="current"
                  title="% current by module"
                  axisTitle="Module"
                  rows={filtered.map((m) => ({ ...m, label: m.title }))}
                />
                <StatusTable caption="Assignments by module and status" first="Module" rows={filtered} />
              </>
            )}
          </section>
          {data.units.length > 0 && (
            <section aria-labelledby="progress-units">
              <h2 id="progress-units">By unit</h2>
              <RowBars
                measure="status"
                title="Assignments by unit and status"
                axisTitle="Unit"
                rows={data.units.map((u) => ({ ...u, label: u.unit || '(no unit)' }))}
              />
              <RowBars
                measure="current"
                title="% current by unit"
                axisTitle="Unit"
                rows={data.units.map((u) => ({ ...u, label: u.unit || '(no unit)' }))}
              />
              <StatusTable caption="Assignments by unit and status" first="Unit" rows={data.units} />
            </section>
          )}
          <section aria-labelledby="progress-weeks">
            <h2 id="progress-weeks">Completions per week</h2>
            <p>
              From {new Date(`${data.from}T00:00:00`).toLocaleDateString()} to{' '}
              {new Date(`${data.to}T00:00:00`).toLocaleDateString()}:{' '}
              {data.weeks.reduce((sum, w) => sum + w.completions, 0)} completions.
            </p>
            <CompletionsLine weeks={data.weeks} />
          </section>
          {data.questionnaires.map((q) => (
            <section key={q.module} aria-labelledby={`progress-q-${q.module}`}>
              <h2 id={`progress-q-${q.module}`}>{q.title}: before, after and later</h2>
              {q.domains.some((d) => d.before.n > 0 || d.after.n > 0 || d.followup_mean.n > 0) ? (
                <DomainBars questionnaire={q} later={laterLabel(data.followup_days)} />
              ) : (
                <p>No answers yet.</p>
              )}
              <MeansTable questionnaire={q} days={data.followup_days} />
              <h3>Change of the trainees who answered both sets</h3>
              <p>
                Each trainee&rsquo;s later score less their own score before play, in points of 0–100. The interval is
                the 95% confidence interval of the mean change.
              </p>
              <ChangeTable questionnaire={q} days={data.followup_days} />
            </section>
          ))}
          <section aria-labelledby="progress-overdue">
            <h2 id="progress-overdue">Overdue</h2>
            {/* The reminder's answer, announced: the region is there before it. */}
            <p role="status" className={nudged ? 'progress-nudged' : undefined}>
              {nudged}
            </p>
            {overdueIds.length > 0 && (
              <div className="progress-nudge">
                {chosenIds.length > 0 ? (
                  <Button kind="tertiary" size="md" onClick={() => setNudging({ ids: chosenIds, all: false })}>
                    {`Send a reminder to ${traineesCount(chosenIds.length)} selected`}
                  </Button>
                ) : (
                  <Button kind="tertiary" size="md" disabled={finding} onClick={() => void remindAll()}>
                    {finding ? 'Finding the overdue trainees…' : 'Send a reminder to all overdue in these filters'}
                  </Button>
                )}
              </div>
            )}
            <OverdueTable
              rows={data.overdue}
              total={data.overdue_total}
              onOpen={(row, from) => void openUser(row.user_id, from)}
              selected={chosen}
              onSelect={choose}
            />
          </section>
        </div>
      )}
      {nudging && (
        <Suspense fallback={<Loading description="Loading" />}>
          <NudgeModal
            userIds={nudging.ids}
            scope={
              nudging.all
                ? `${traineesCount(nudging.ids.length)} overdue in these filters will be reminded: every one registered, active and not reminded in the last 24 hours, not only those listed.`
                : undefined
            }
            module={moduleFilter ? { id: moduleFilter.id, title: moduleFilter.title } : undefined}
            onClose={() => setNudging(null)}
            onDone={nudgeDone}
          />
        </Suspense>
      )}
      {open && (
        <UserModal
          key={open.id}
          user={open}
          currentUserId={me.id}
          fullAdmin={isFullAdmin(me.role)}
          modules={modules.data ?? []}
          onClose={closeUser}
          onChanged={() => void progress.refetch()}
        />
      )}
    </section>
  );
}

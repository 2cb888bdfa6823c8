import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  overdueTraineesResponseSchema,
  progressResponseSchema,
  type ProgressResponse,
} from '@airman/contracts/progress.ts';
import { nudgeRequestSchema, nudgeResponseSchema } from '@airman/contracts/record.ts';
import type { User } from '@airman/contracts/user.ts';
import { makeModule, makeUser } from '#testing/fixtures.ts';
import { renderWithApp } from '#testing/render.tsx';
import { errorAnswer, recordRequests } from '#testing/requests.ts';
import { getJson } from '#lib/api-client.ts';
import { server } from '#testing/server.ts';
import { seriousViolations } from '#testing/axe.ts';
import { ProgressScreen, type UserEditor } from './progress-screen.tsx';

const counts = {
  assigned: 0,
  not_started: 0,
  in_progress: 0,
  complete: 0,
  failed: 0,
  quit: 0,
  past_due: 0,
  current: 0,
  current_share: 0,
};

/** A progress answer with nothing assigned: the module listed, no unit, no week with a completion. */
function emptyProgress(overrides: Partial<ProgressResponse> = {}): ProgressResponse {
  return {
    now: 1_700_000_000_000,
    from: '2026-01-05',
    to: '2026-03-01',
    modules: [{ ...counts, completion: 0, id: 'fitness', title: 'Fitness Basics', archived: false }],
    units: [],
    weeks: [],
    followup_days: 30,
    questionnaires: [],
    overdue_total: 0,
    overdue: [],
    ...overrides,
  };
}

const overdueRow = {
  user_id: 'late',
  first_name: 'Lou',
  last_name: 'Late',
  user_name: 'lou@example.com',
  rank: 'SrA',
  unit: '99 ABW',
  pending: false,
  module: 'fitness',
  module_title: 'Fitness Basics',
  due_at: 1_699_000_000_000,
  days_overdue: 11,
};

/** The user editor as the route hands it in (GET admin/users/{id}), its modal a named dialog with a Close button. */
function userEditor(): UserEditor {
  return {
    load: (id) => getJson<User>(`admin/users/${id}`),
    Modal: ({ user, fullAdmin, onClose }) => (
      <div role="dialog" aria-label={`Editing ${user.user_name}`} data-full-admin={String(fullAdmin)}>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    ),
  };
}

/** Serves the modules, the units and GET admin/progress with `answer` (given the call's query). */
function serve(answer: (query: URLSearchParams) => Response) {
  server.use(
    http.get('/api/modules', () => HttpResponse.json([makeModule({ id: 'fitness', game_title: 'Fitness Basics' })])),
    http.get('/api/admin/units', () =>
      HttpResponse.json({ units: [{ unit: '99 ABW', users: 4, total: 4, depth: 0 }] }),
    ),
    http.get('/api/admin/progress', ({ request }) => answer(new URL(request.url).searchParams)),
  );
}

const progressCalls = (sent: ReturnType<typeof recordRequests>) =>
  sent.filter((r) => r.path.startsWith('/api/admin/progress')).map((r) => r.path);

describe('ProgressScreen', () => {
  it('asks for the progress with the filters of its URL', async () => {
    serve(() => HttpResponse.json(emptyProgress()));
    const sent = recordRequests();
    renderWithApp(<ProgressScreen userEditor={userEditor()} />, {
      path: '/progress?unit=99%20ABW&rank=SrA&from=2026-01-05',
    });
    // The first render sets up the charts: slow on a busy machine.
    await screen.findByRole('heading', { name: 'By module' });
    expect(progressCalls(sent)).toEqual(['/api/admin/progress?unit=99+ABW&rank=SrA&from=2026-01-05']);
    expect(screen.getByLabelText<HTMLSelectElement>('Rank').value).toBe('SrA');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Unit' }).value).toBe('99 ABW');
  });

  it('says so when no assignment matches the filters and none is overdue', async () => {
    serve(() => HttpResponse.json(emptyProgress()));
    renderWithApp(<ProgressScreen userEditor={userEditor()} />, { path: '/progress?unit=Nobody' });
    expect(await screen.findByText('No assignments match these filters.')).toBeTruthy();
    expect(screen.getByText('No assignment is overdue.')).toBeTruthy();
    // No unit has assignments: no unit section at all.
    expect(screen.queryByRole('heading', { name: 'By unit' })).toBeNull();
    // Announced, so a filter's effect is heard.
    expect(screen.getByText('Showing 0 assignments.').getAttribute('aria-live')).toBe('polite');
  });

  it('lists a module chosen in the filters even with nothing assigned', async () => {
    serve(() => HttpResponse.json(emptyProgress()));
    renderWithApp(<ProgressScreen userEditor={userEditor()} />, { path: '/progress?module=fitness' });
    await screen.findByRole('heading', { name: 'By module' });
    expect(screen.queryByText('No assignments match these filters.')).toBeNull();
    const table = screen.getByRole('table', { name: 'Assignments by module and status' });
    expect(within(table).getByRole('rowheader', { name: 'Fitness Basics' })).toBeTruthy();
  });

  it("names a module of the URL that no longer exists, with the server's refusal", async () => {
    serve((query) =>
      query.get('module') === 'deleted_module'
        ? errorAnswer(400, "No module 'deleted_module'")
        : HttpResponse.json(emptyProgress()),
    );
    renderWithApp(<ProgressScreen userEditor={userEditor()} />, { path: '/progress?module=deleted_module' });
    expect(await screen.findByText('Error loading progress')).toBeTruthy();
    expect(screen.getByText("No module 'deleted_module'")).toBeTruthy();
    const module = screen.getByLabelText<HTMLSelectElement>('Module');
    await waitFor(() => expect(module.selectedOptions[0]?.text).toBe('Module not found: deleted_module'));
    expect(screen.queryByRole('heading', { name: 'By module' })).toBeNull();
  });

  it("refuses a bad date from the URL with the server's reason, and Clear filters brings the progress back", async () => {
    serve((query) =>
      query.get('from') === '2026-02-30'
        ? errorAnswer(400, 'from: must be a real calendar date')
        : HttpResponse.json(emptyProgress()),
    );
    const sent = recordRequests();
    const { user } = renderWithApp(<ProgressScreen userEditor={userEditor()} />, {
      path: '/progress?from=2026-02-30',
    });
    expect(await screen.findByText('Error loading progress')).toBeTruthy();
    expect(screen.getByText('from: must be a real calendar date')).toBeTruthy();
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    await user.click(clear);
    expect(await screen.findByRole('heading', { name: 'By module' })).toBeTruthy();
    expect(screen.queryByText('Error loading progress')).toBeNull();
    expect(progressCalls(sent)).toEqual(['/api/admin/progress?from=2026-02-30', '/api/admin/progress']);
    // Nothing left to clear: the button disables itself, and the focus is on the first filter.
    expect(clear).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(screen.getByLabelText('Module'));
  });

  it('reads the progress again for a filter changed on the screen', async () => {
    serve(() => HttpResponse.json(emptyProgress()));
    const sent = recordRequests();
    const { user } = renderWithApp(<ProgressScreen userEditor={userEditor()} />, { path: '/progress' });
    await screen.findByRole('heading', { name: 'By module' });
    await user.selectOptions(screen.getByLabelText('Rank'), 'SrA');
    await waitFor(() => expect(progressCalls(sent)).toEqual(['/api/admin/progress', '/api/admin/progress?rank=SrA']));
  });

  it('opens an overdue trainee in the user editor, and gives the focus back to the row on Close', async () => {
    serve(() => HttpResponse.json(emptyProgress({ overdue_total: 1, overdue: [overdueRow] })));
    server.use(
      http.get('/api/admin/users/late', () =>
        HttpResponse.json(makeUser({ id: 'late', user_name: 'lou@example.com' })),
      ),
    );
    const sent = recordRequests();
    const { user } = renderWithApp(<ProgressScreen userEditor={userEditor()} />, { path: '/progress' });
    const table = await screen.findByRole('table', { name: 'Overdue assignments' });
    const open = within(table).getByRole('button', { name: 'Late, Lou' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Editing lou@example.com' });
    expect(sent.filter((r) => r.path.startsWith('/api/admin/users/')).map((r) => r.path)).toEqual([
      '/api/admin/users/late',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it("opens the editor as a unit administrator's (no roles) for one, as a full administrator's for one", async () => {
    serve(() => HttpResponse.json(emptyProgress({ overdue_total: 1, overdue: [overdueRow] })));
    server.use(
      http.get('/api/admin/users/late', () =>
        HttpResponse.json(makeUser({ id: 'late', user_name: 'lou@example.com' })),
      ),
    );
    for (const role of ['unit_admin', 'admin'] as const) {
      const me = makeUser({ id: `me-${role}`, role, admin_units: role === 'unit_admin' ? ['99 ABW'] : [] });
      const { user, unmount } = renderWithApp(<ProgressScreen userEditor={userEditor()} />, { path: '/progress', me });
      const table = await screen.findByRole('table', { name: 'Overdue assignments' });
      await user.click(within(table).getByRole('button', { name: 'Late, Lou' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editing lou@example.com' });
      expect(dialog.dataset.fullAdmin).toBe(String(role === 'admin'));
      unmount();
    }
  });

  it('says an overdue trainee deleted meanwhile no longer exists, and reads the progress again', async () => {
    let reads = 0;
    serve(() => {
      reads += 1;
      return HttpResponse.json(emptyProgress({ overdue_total: 1, overdue: [overdueRow] }));
    });
    server.use(http.get('/api/admin/users/late', () => errorAnswer(404, 'User not found')));
    const { user } = renderWithApp(<ProgressScreen userEditor={userEditor()} />, { path: '/progress' });
    const table = await screen.findByRole('table', { name: 'Overdue assignments' });
    await user.click(within(table).getByRole('button', { name: 'Late, Lou' }));
    expect(await screen.findByText('This user no longer exists.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(reads).toBe(2));
  });

  it('shows the share current of each module and unit as a column', async () => {
    const row = { ...counts, assigned: 4, complete: 3, completion: 0.75, current: 2, current_share: 0.5 };
    serve(() =>
      HttpResponse.json(
        progressResponseSchema.parse(
          emptyProgress({
            modules: [{ ...row, id: 'fitness', title: 'Fitness Basics', archived: false }],
            units: [{ ...row, unit: '99 ABW' }],
          }),
        ),
      ),
    );
    renderWithApp(<ProgressScreen userEditor={userEditor()} />, { path: '/progress' });
    for (const name of ['Assignments by module and status', 'Assignments by unit and status']) {
      const table = await screen.findByRole('table', { name });
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
      expect(headers.at(-1)).toBe('% current');
      expect(within(table).getAllByRole('row')[1]?.lastElementChild?.textContent).toBe('50%');
    }
  });

  it('shows each domain before, after and 30 days after, and the paired change with its interval or why none', async () => {
    const none = { n: 0, mean_change: null, ci95: null, improved_share: null };
    serve(() =>
      HttpResponse.json(
        progressResponseSchema.parse(
          emptyProgress({
            questionnaires: [
              {
                module: 'fitness',
                title: 'Fitness Basics',
                domains: [
                  {
                    id: 'mental',
                    name: 'Mental',
                    before: { mean: 40, n: 7 },
                    after: { mean: 62.5, n: 7 },
                    followup_mean: { mean: 55, n: 5 },
                    paired: { n: 6, mean_change: 50, ci95: [12.9, 87.1], improved_share: 0.833 },
                    followup: { n: 5, mean_change: -2.5, ci95: [-10, 5] },
                  },
                  {
                    id: 'physical',
                    name: 'Physical',
                    before: { mean: 50, n: 4 },
                    after: { mean: 50, n: 4 },
                    followup_mean: { mean: null, n: 0 },
                    paired: { n: 4, mean_change: 0, ci95: null, improved_share: 0.5 },
                    followup: null,
                  },
                  {
                    id: 'social',
                    name: 'Social',
                    before: { mean: null, n: 0 },
                    after: { mean: null, n: 0 },
                    followup_mean: { mean: null, n: 0 },
                    paired: none,
                    followup: null,
                  },
                ],
              },
            ],
          }),
        ),
      ),
    );
    renderWithApp(<ProgressScreen userEditor={userEditor()} />, { path: '/progress' });
    const cells = (table: HTMLElement) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.children].map((c) => c.textContent));
    const means = await screen.findByRole('table', {
      name: 'Fitness Basics: mean domain score before play, after play and 30 days after, with the number of trainees',
    });
    expect(
      within(means)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Domain', 'Before', 'n before', 'After', 'n after', '30 days after', 'n 30 days after']);
    expect(cells(means)[0]).toEqual(['Mental', '40', '7', '62.5', '7', '55', '5']);
    const changes = screen.getByRole('table', {
      name: 'Fitness Basics: change of each trainee who answered both sets, against their own before score',
    });
    expect(cells(changes)).toEqual([
      ['Mental', '6', '+50.0', '+12.9 to +87.1', '83%', '5', '−2.5', '−10.0 to +5.0'],
      ['Physical', '4', '0.0', 'fewer than 5 trainees: no interval', '50%', '0', '—', '—'],
      ['Social', '0', '—', '—', '—', '0', '—', '—'],
    ]);
    // The tables (the charts' own tooltip is Carbon Charts', in the weeks chart too).
    expect(await seriousViolations(means)).toEqual([]);
    expect(await seriousViolations(changes)).toEqual([]);
  });

  it('asks for the expired assignments only with the recertification filter', async () => {
    serve(() => HttpResponse.json(emptyProgress()));
    const sent = recordRequests();
    const { user } = renderWithApp(<ProgressScreen userEditor={userEditor()} />, { path: '/progress' });
    await screen.findByRole('heading', { name: 'By module' });
    await user.selectOptions(screen.getByLabelText('Recertification'), 'Expired / due for recertification');
    await waitFor(() => expect(progressCalls(sent)).toEqual(['/api/admin/progress', '/api/admin/progress?recert=due']));
  });

  it('reminds the chosen overdue trainees with a note, and says how many were sent and skipped', async () => {
    const other = { ...overdueRow, user_id: 'slow', first_name: 'Sam', last_name: 'Slow', days_overdue: 3 };
    serve(() => HttpResponse.json(emptyProgress({ overdue_total: 2, overdue: [overdueRow, other] })));
    server.use(
      http.post('/api/admin/reminders/nudge', () =>
        HttpResponse.json(
          nudgeResponseSchema.parse({
            sent: 0,
            skipped: 1,
            skipped_by: { unknown: 0, inactive: 0, pending: 0, not_overdue: 0, recently_reminded: 1 },
          }),
        ),
      ),
    );
    const sent = recordRequests();
    const { user } = renderWithApp(<ProgressScreen userEditor={userEditor()} />, { path: '/progress?module=fitness' });
    const table = await screen.findByRole('table', { name: 'Overdue assignments' });
    expect(screen.getByRole('button', { name: 'Send a reminder to all overdue in these filters' })).toBeTruthy();
    await user.click(within(table).getByRole('checkbox', { name: 'Remind Slow, Sam (Fitness Basics)' }));
    await user.click(screen.getByRole('button', { name: 'Send a reminder to 1 trainee selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a reminder to 1 trainee' });
    await user.type(within(dialog).getByLabelText('Note (optional)'), ' Please finish this week. ');
    expect(within(dialog).getByText('Added to the e-mail. 476 of 500 characters left.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send reminder (1 trainee)' }));
    const status = await screen.findByText('Reminders: 0 sent, 1 skipped (1 reminded in the last 24 hours).');
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('dialog')).toBeNull();
    const nudge = sent.find((r) => r.path === '/api/admin/reminders/nudge');
    expect(nudgeRequestSchema.parse(nudge?.body)).toEqual({
      user_ids: ['slow'],
      module: 'fitness',
      note: 'Please finish this week.',
    });
  });

  it('reminds every trainee overdue in the filters, beyond the rows listed, saying how many first', async () => {
    serve(() => HttpResponse.json(emptyProgress({ overdue_total: 250, overdue: [overdueRow] })));
    const everyone = Array.from({ length: 250 }, (_, i) => `trainee-${i}`);
    server.use(
      http.get('/api/admin/progress/overdue-trainees', () =>
        HttpResponse.json(overdueTraineesResponseSchema.parse({ user_ids: everyone })),
      ),
      http.post('/api/admin/reminders/nudge', () =>
        HttpResponse.json(
          nudgeResponseSchema.parse({
            sent: 250,
            skipped: 0,
            skipped_by: { unknown: 0, inactive: 0, pending: 0, not_overdue: 0, recently_reminded: 0 },
          }),
        ),
      ),
    );
    const sent = recordRequests();
    const { user } = renderWithApp(<ProgressScreen userEditor={userEditor()} />, {
      path: '/progress?module=fitness&unit=99+ABW&rank=SrA&from=2026-01-05',
    });
    await screen.findByRole('table', { name: 'Overdue assignments' });
    await user.click(screen.getByRole('button', { name: 'Send a reminder to all overdue in these filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a reminder to 250 trainees' });
    expect(
      within(dialog).getByText(
        /^250 trainees overdue in these filters will be reminded: every one registered, active and not reminded in the last 24 hours, not only those listed\. Each one gets an e-mail now about Fitness Basics/,
      ),
    ).toBeTruthy();
    // The list asked for carries the filters of the overdue list, not the chart's range.
    const asked = sent.find((r) => r.path.startsWith('/api/admin/progress/overdue-trainees'));
    expect(asked?.path).toBe('/api/admin/progress/overdue-trainees?module=fitness&unit=99+ABW&rank=SrA');
    expect(sent.some((r) => r.path === '/api/admin/reminders/nudge')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Send reminder (250 trainees)' }));
    await screen.findByText('Reminders: 250 sent, 0 skipped.');
    const nudge = sent.find((r) => r.path === '/api/admin/reminders/nudge');
    expect(nudgeRequestSchema.parse(nudge?.body)).toEqual({ user_ids: everyone, module: 'fitness' });
  });

  it('says so when no overdue trainee in the filters can be reminded, and opens no reminder', async () => {
    serve(() => HttpResponse.json(emptyProgress({ overdue_total: 1, overdue: [overdueRow] })));
    server.use(http.get('/api/admin/progress/overdue-trainees', () => HttpResponse.json({ user_ids: [] })));
    const { user } = renderWithApp(<ProgressScreen userEditor={userEditor()} />, { path: '/progress' });
    await screen.findByRole('table', { name: 'Overdue assignments' });
    await user.click(screen.getByRole('button', { name: 'Send a reminder to all overdue in these filters' }));
    const status = await screen.findByText(/^No overdue trainee in these filters can be reminded now/);
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UnitsResponse } from '@airman/contracts/api.ts';
import type { AuditEntry, AuditPage } from '@airman/contracts/audit.ts';
import { makeModule } from '#testing/fixtures.ts';
import { renderWithApp } from '#testing/render.tsx';
import { errorAnswer, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { AuditScreen } from './audit-screen.tsx';
import { preloadUnitFilter } from '#components/unit-filter.tsx';

// The unit filter as it is once its code has loaded (unit-filter.test.tsx: its stand-in before).
beforeAll(async () => {
  await preloadUnitFilter();
});

function entry(id: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: 1_700_000_000_000,
    actor_id: 'admin-1',
    actor_name: 'admin@example.com',
    action: 'user.invite',
    target_kind: 'user',
    target_id: `user-${id}`,
    target_name: `${id}@example.com`,
    before: {},
    after: {},
    address: '127.0.0.1',
    request_id: `req-${id}`,
    ...overrides,
  };
}

const UNITS: UnitsResponse = {
  units: [
    { unit: '655 ISRW', users: 3, total: 5, depth: 0 },
    { unit: '655 ISRW/Det 2', users: 2, total: 2, depth: 1 },
    { unit: '70 ISRW', users: 4, total: 4, depth: 0 },
  ],
};

/** Serves the module list, the units and GET admin/audit: `answer` given the call's query. */
function serve(answer: (query: URLSearchParams) => Response) {
  server.use(
    http.get('/api/modules', () => HttpResponse.json([makeModule({ id: 'fitness', game_title: 'Fitness Basics' })])),
    http.get('/api/admin/units', () => HttpResponse.json(UNITS)),
    http.get('/api/admin/audit', ({ request }) => answer(new URL(request.url).searchParams)),
  );
}

/** Entries only for calls without a day range; a range matches nothing. */
const noneInRange = (query: URLSearchParams) => {
  const page: AuditPage = { entries: query.has('from') || query.has('to') ? [] : [entry('a'), entry('b')] };
  return HttpResponse.json(page);
};

const auditCalls = (sent: ReturnType<typeof recordRequests>) =>
  sent
    .filter((r) => r.method === 'GET' && r.path.startsWith('/api/admin/audit'))
    .map((r) => new URL(r.path, 'http://x'));

/** The status line read out after every load (the visually hidden one, not the empty state's nor the unit filter's). */
const announced = () => document.querySelector('.audit-filters ~ p[role="status"]')?.textContent;

describe('AuditScreen', () => {
  it('shows the entries with how many there are', async () => {
    serve(noneInRange);
    renderWithApp(<AuditScreen />, { path: '/audit' });
    await waitFor(() => expect(announced()).toBe('Showing 2 entries.'));
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Newer entries' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Older entries' })).toHaveProperty('disabled', true);
  });

  it('filters by a unit chosen from the tree, its sub-units counted', async () => {
    serve(noneInRange);
    const sent = recordRequests();
    const { user } = renderWithApp(<AuditScreen />, { path: '/audit' });
    await waitFor(() => expect(announced()).toBe('Showing 2 entries.'));
    const box = screen.getByRole('combobox', { name: 'Unit' });
    await user.click(box);
    const list = document.getElementById(box.getAttribute('aria-controls') ?? '') ?? document.body;
    // The tree: a sub-unit under its parent, each count with the units under it.
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['655 ISRW 5 users', '655 ISRW/Det 2 2 users', '70 ISRW 4 users']);
    await user.click(within(list).getByRole('option', { name: '655 ISRW 5 users' }));
    await waitFor(() => expect(auditCalls(sent).at(-1)?.searchParams.get('unit')).toBe('655 ISRW'));
  });

  it('says there are no entries yet, with nothing to clear, when the log is empty', async () => {
    serve(() => HttpResponse.json({ entries: [] }));
    renderWithApp(<AuditScreen />, { path: '/audit' });
    expect(await screen.findByRole('heading', { name: 'No entries yet' })).toBeTruthy();
    expect(screen.getByText('Changes made by administrators appear here as they happen.')).toBeTruthy();
    // Only the filters' own Clear filters, disabled: the empty state offers none.
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Clear filters' })).toHaveProperty('disabled', true);
  });

  it('filters by a day typed in, with the time zone whose day it is, and says when nothing matches', async () => {
    serve(noneInRange);
    const sent = recordRequests();
    const { user } = renderWithApp(<AuditScreen />, { path: '/audit' });
    await waitFor(() => expect(announced()).toBe('Showing 2 entries.'));
    await user.type(screen.getByLabelText('From'), '01/01/2099');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'No entries match these filters' })).toBeTruthy();
    expect(announced()).toBe('No entries match these filters.');
    expect(screen.getByText('Widen the date range, or clear the filters to see every entry.')).toBeTruthy();
    const last = auditCalls(sent).at(-1);
    expect(last?.searchParams.get('from')).toBe('2099-01-01');
    expect(last?.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('says a range that ends before it starts, sends nothing for it, and disables Download CSV', async () => {
    serve(noneInRange);
    const sent = recordRequests();
    const { user } = renderWithApp(<AuditScreen />, { path: '/audit?from=2099-01-01' });
    expect(await screen.findByRole('heading', { name: 'No entries match these filters' })).toBeTruthy();
    const calls = auditCalls(sent).length;
    await user.type(screen.getByLabelText('To'), '12/31/2098');
    await user.keyboard('{Enter}');
    const alert = (await screen.findByText('The From day comes after the To day.')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('Change one of them to see entries.');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true);
    // Neither an empty state nor a table: the range cannot be asked for.
    expect(screen.queryByRole('heading', { name: 'No entries match these filters' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(announced()).toBe('');
    expect(auditCalls(sent)).toHaveLength(calls);
  });

  it('clears the filters from the empty state, the focus on the first filter', async () => {
    serve(noneInRange);
    const sent = recordRequests();
    const { user } = renderWithApp(<AuditScreen />, { path: '/audit?from=2099-01-01&action=user.invite' });
    const empty = (await screen.findByRole('heading', { name: 'No entries match these filters' })).parentElement;
    await user.click(within(empty ?? document.body).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(announced()).toBe('Showing 2 entries.'));
    expect(document.activeElement).toBe(screen.getByLabelText('Actor (e-mail)'));
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Action').value).toBe('');
    expect(auditCalls(sent).at(-1)?.search).toBe('');
  });

  it("says the log could not be loaded, in the server's words", async () => {
    serve(() => errorAnswer(400, 'actor: Too long'));
    renderWithApp(<AuditScreen />, { path: '/audit?actor=someone' });
    const alert = (await screen.findByText('Error loading the audit log')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('actor: Too long');
  });

  it('pages to older entries by the cursor and back to the newer ones', async () => {
    serve((query) =>
      HttpResponse.json(
        query.get('cursor') === 'next' ? { entries: [entry('old')] } : { entries: [entry('new')], cursor: 'next' },
      ),
    );
    const sent = recordRequests();
    const { user } = renderWithApp(<AuditScreen />, { path: '/audit' });
    await waitFor(() => expect(announced()).toBe('Showing 1 entry, page 1.'));
    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    await waitFor(() => expect(announced()).toBe('Showing 1 entry, page 2.'));
    expect(auditCalls(sent).at(-1)?.searchParams.get('cursor')).toBe('next');
    expect(screen.getByText('old@example.com')).toBeTruthy();
    // The last page: Older disables itself, and the focus goes to the table's caption.
    expect(screen.getByRole('button', { name: 'Older entries' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(document.activeElement?.tagName).toBe('CAPTION'));
    await user.click(screen.getByRole('button', { name: 'Newer entries' }));
    await waitFor(() => expect(announced()).toBe('Showing 1 entry, page 1.'));
    expect(screen.getByText('new@example.com')).toBeTruthy();
  });
});

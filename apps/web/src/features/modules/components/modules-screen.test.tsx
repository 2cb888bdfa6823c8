import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UnitsResponse } from '@airman/contracts/api.ts';
import type { Module } from '@airman/contracts/module.ts';
import { makeQuestionnaire } from '@airman/contracts/test-questionnaire.ts';
import { makeModule } from '#testing/fixtures.ts';
import { renderWithApp } from '#testing/render.tsx';
import { errorAnswer, gate, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { ModulesScreen } from './modules-screen.tsx';

const base = makeModule({
  id: 'ready_airman_training',
  game_type: 'ready_airman_training',
  game_title: 'Ready Airman',
});
const copy = makeModule({ id: 'copy-1', game_type: 'ready_airman_training', game_title: 'Fitness Copy' });

const UNITS: UnitsResponse = {
  units: [
    { unit: '655 ISRW', users: 3, total: 5, depth: 0 },
    { unit: '655 ISRW/Det 2', users: 2, total: 2, depth: 1 },
  ],
};

/** Serves GET modules (and the units) from a list the test changes; counts the reads. */
function serveModules(initial: Module[]) {
  let modules = initial;
  let reads = 0;
  server.use(
    http.get('/api/admin/units', () => HttpResponse.json(UNITS)),
    http.get('/api/modules', () => {
      reads += 1;
      return HttpResponse.json(modules);
    }),
  );
  return {
    set: (next: Module[]) => {
      modules = next;
    },
    reads: () => reads,
  };
}

/** The row of the module with this title (its first cell; a copy names its base module too). */
const row = (title: string) =>
  screen
    .getAllByText(title, { selector: 'td' })
    .find((cell) => (cell as HTMLTableCellElement).cellIndex === 0)
    ?.closest('tr') as HTMLElement;

describe('ModulesScreen', () => {
  it('lists live modules with their base module, archived ones only when asked', async () => {
    serveModules([base, copy, makeModule({ id: 'old', game_title: 'Old One', archived_at: 5 })]);
    const { user } = renderWithApp(<ModulesScreen />, { path: '/modules' });
    const table = await screen.findByRole('table', { name: 'Training Modules' });
    expect(within(row('Ready Airman')).getByText('Yes')).toBeTruthy();
    expect(within(row('Fitness Copy')).getByText('Ready Airman')).toBeTruthy();
    expect(within(table).queryByText('Old One', { selector: 'td' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: /Show Archived/ }));
    expect(row('Old One').className).toBe('is-archived');
  });

  it('shows a stored module that fails the checks with its problem, open to Edit JSON only', async () => {
    const problem = 'Days: Must be a whole number from 1 to 60.';
    serveModules([base, { ...copy, days: 61, problem } as Module]);
    renderWithApp(<ModulesScreen />, { path: '/modules' });
    await screen.findByRole('table', { name: 'Training Modules' });
    const note = screen.getByText(problem, { exact: false });
    expect(note.textContent).toBe(`Needs fixing in Edit JSON: ${problem}`);
    const broken = note.closest('tr') as HTMLElement;
    expect(within(broken).getByRole('button', { name: /^Edit\s*Fitness Copy$/ })).toHaveProperty('disabled', true);
    expect(within(broken).getByRole('button', { name: /Customize A Copy/ })).toHaveProperty('disabled', true);
    expect(within(broken).getByRole('button', { name: /^Edit JSON\s*of Fitness Copy$/ })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(row('Ready Airman')).getByRole('button', { name: /^Edit\s*Ready Airman$/ })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('says when nothing matches a search, and clears it back to the search box', async () => {
    serveModules([base]);
    const { user } = renderWithApp(<ModulesScreen />, { path: '/modules' });
    await screen.findByRole('table', { name: 'Training Modules' });
    await user.type(screen.getByRole('searchbox', { name: 'Search modules' }), 'zzz');
    expect(screen.getByText("No modules match 'zzz'")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(document.activeElement?.id).toBe('modules-search');
    expect(screen.getByRole('table', { name: 'Training Modules' })).toBeTruthy();
  });

  it("says when the list cannot be loaded, in the server's words", async () => {
    server.use(
      http.get('/api/admin/units', () => HttpResponse.json(UNITS)),
      http.get('/api/modules', () => errorAnswer(400, 'Something is wrong.')),
    );
    renderWithApp(<ModulesScreen />, { path: '/modules' });
    expect(await screen.findByText('The modules could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Something is wrong.')).toBeTruthy();
  });

  it('offers no Archive for a base module', async () => {
    serveModules([base, copy]);
    renderWithApp(<ModulesScreen />, { path: '/modules' });
    await screen.findByRole('table', { name: 'Training Modules' });
    expect(within(row('Ready Airman')).queryByRole('button', { name: /^Archive/ })).toBeNull();
    expect(within(row('Fitness Copy')).getByRole('button', { name: /^Archive/ })).toBeTruthy();
  });

  it('archives after confirmation, reads the list again, and moves focus to the Show Archived toggle', async () => {
    const list = serveModules([base, copy]);
    const sent = recordRequests();
    server.use(
      http.delete('/api/modules/copy-1', () => {
        list.set([base, { ...copy, archived_at: 9 }]);
        return HttpResponse.json({ ...copy, archived_at: 9 });
      }),
    );
    const { user } = renderWithApp(<ModulesScreen />, { path: '/modules' });
    await screen.findByRole('table', { name: 'Training Modules' });
    await user.click(within(row('Fitness Copy')).getByRole('button', { name: /^Archive/ }));
    const dialog = await screen.findByRole('dialog', { name: "Archive 'Fitness Copy'?" });
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText("Module 'Fitness Copy' archived")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Fitness Copy', { selector: 'td' })).toBeNull());
    await waitFor(() => expect(document.activeElement?.id).toBe('show-archived'));
    expect(list.reads()).toBeGreaterThanOrEqual(2);
  });

  it('keeps Archive disabled while the call runs', async () => {
    serveModules([base, copy]);
    const held = gate();
    server.use(
      http.delete('/api/modules/copy-1', async () => {
        await held.wait;
        return HttpResponse.json({ ...copy, archived_at: 9 });
      }),
    );
    const { user } = renderWithApp(<ModulesScreen />, { path: '/modules' });
    await screen.findByRole('table', { name: 'Training Modules' });
    await user.click(within(row('Fitness Copy')).getByRole('button', { name: /^Archive/ }));
    const dialog = await screen.findByRole('dialog', { name: "Archive 'Fitness Copy'?" });
    const confirm = within(dialog).getByRole('button', { name: 'Archive' });
    await user.click(confirm);
    await waitFor(() => expect(confirm).toHaveProperty('disabled', true));
    held.open();
    await screen.findByText("Module 'Fitness Copy' archived");
  });

  it("says an archive failed, with the server's reason, and keeps the confirmation", async () => {
    serveModules([base, copy]);
    server.use(http.delete('/api/modules/copy-1', () => errorAnswer(409, 'A base module cannot be archived.')));
    const { user } = renderWithApp(<ModulesScreen />, { path: '/modules' });
    await screen.findByRole('table', { name: 'Training Modules' });
    await user.click(within(row('Fitness Copy')).getByRole('button', { name: /^Archive/ }));
    const dialog = await screen.findByRole('dialog', { name: "Archive 'Fitness Copy'?" });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Error archiving module: A base module cannot be archived.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Archive' })).toHaveProperty('disabled', false);
  });

  it('unarchives and moves focus to the Archive button now in its place', async () => {
    const archived = { ...copy, archived_at: 9 };
    const list = serveModules([base, archived]);
    server.use(
      http.post('/api/modules/copy-1/unarchive', () => {
        list.set([base, copy]);
        return HttpResponse.json(copy);
      }),
    );
    const { user } = renderWithApp(<ModulesScreen />, { path: '/modules' });
    await screen.findByRole('table', { name: 'Training Modules' });
    await user.click(screen.getByRole('switch', { name: /Show Archived/ }));
    await user.click(within(row('Fitness Copy')).getByRole('button', { name: /^Unarchive/ }));
    expect(await screen.findByText("Module 'Fitness Copy' unarchived")).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('archive-copy-1'));
  });

  it("says an unarchive failed in the server's words", async () => {
    serveModules([base, { ...copy, archived_at: 9 }]);
    server.use(http.post('/api/modules/copy-1/unarchive', () => errorAnswer(404, 'Module not found.')));
    const { user } = renderWithApp(<ModulesScreen />, { path: '/modules' });
    await screen.findByRole('table', { name: 'Training Modules' });
    await user.click(screen.getByRole('switch', { name: /Show Archived/ }));
    await user.click(within(row('Fitness Copy')).getByRole('button', { name: /^Unarchive/ }));
    expect(await screen.findByText('Error unarchiving module: Module not found.')).toBeTruthy();
  });

  it("says a report could not be downloaded, in the server's words", async () => {
    serveModules([base]);
    server.use(http.post('/api/admin/reports/token', () => errorAnswer(400, 'module: not found')));
    const { user } = renderWithApp(<ModulesScreen />, { path: '/modules' });
    await screen.findByRole('table', { name: 'Training Modules' });
    await user.click(within(row('Ready Airman')).getByRole('button', { name: /^Download Report/ }));
    expect(await screen.findByText('Error downloading the report: module: not found')).toBeTruthy();
  });

  it('downloads the report of the unit chosen, with the units under it', async () => {
    serveModules([base]);
    server.use(
      http.post('/api/admin/reports/token', () => HttpResponse.json({ token: 'once' })),
      http.get('/api/admin/users', () =>
        HttpResponse.text('Rank,Unit\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="Ready Airman.csv"' },
        }),
      ),
    );
    const sent = recordRequests();
    const { user } = renderWithApp(<ModulesScreen readOnly />, { path: '/modules' });
    await screen.findByRole('table', { name: 'Training Modules' });
    await user.click(screen.getByRole('combobox', { name: 'Reports of unit' }));
    await user.click(await screen.findByRole('option', { name: '655 ISRW 5 users' }));
    await user.click(within(row('Ready Airman')).getByRole('button', { name: /^Download Report/ }));
    await screen.findByText(/^Report downloaded/);
    const download = sent.find((r) => r.path.startsWith('/api/admin/users?'));
    expect(new URL(download?.path ?? '', 'http://x').searchParams.get('unit')).toBe('655 ISRW');
  });

  describe('read only (a unit administrator)', () => {
    it('offers no New, Edit, copy or Archive: View, the questionnaire to read, the report', async () => {
      serveModules([base, copy, makeModule({ id: 'old', game_title: 'Old One', archived_at: 5 })]);
      renderWithApp(<ModulesScreen readOnly />, { path: '/modules' });
      await screen.findByRole('table', { name: 'Training Modules' });
      expect(screen.queryByRole('button', { name: 'New Module +' })).toBeNull();
      for (const name of [/^Edit/, /^Customize A Copy/, /^Archive/, /^Unarchive/])
        expect(screen.queryAllByRole('button', { name })).toEqual([]);
      const actions = (title: string) =>
        within(row(title))
          .getAllByRole('button')
          .map((b) => b.textContent);
      expect(actions('Ready Airman')).toEqual([
        'View Ready Airman',
        'View Questionnaire JSON',
        'Download Report of Ready Airman',
      ]);
      expect(actions('Fitness Copy')).toEqual(['View Fitness Copy', 'Download Report of Fitness Copy']);
    });

    it('opens a module with every field locked, no Save and no versions, to play-test', async () => {
      serveModules([base, copy]);
      server.use(http.get('/api/modules/copy-1', () => HttpResponse.json(copy)));
      const sent = recordRequests();
      const { user } = renderWithApp(<ModulesScreen readOnly />, { path: '/modules' });
      await screen.findByRole('table', { name: 'Training Modules' });
      await user.click(screen.getByRole('button', { name: /^View\s*Fitness Copy$/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Module: Fitness Copy' });
      const title = await within(dialog).findByLabelText<HTMLInputElement>('Title');
      expect(title.value).toBe('Fitness Copy');
      expect(title.disabled).toBe(true);
      expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Versions' })).toBeNull();
      expect(within(dialog).queryByRole('switch')).toBeNull();
      expect(within(dialog).getByRole('button', { name: 'Play-test' })).toHaveProperty('disabled', false);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
    });

    it('shows the questionnaire without a Save', async () => {
      serveModules([base]);
      server.use(http.get('/api/modules/questionnaire', () => HttpResponse.json(makeQuestionnaire({ title: 'CAF' }))));
      const { user } = renderWithApp(<ModulesScreen readOnly />, { path: '/modules' });
      await screen.findByRole('table', { name: 'Training Modules' });
      await user.click(screen.getByRole('button', { name: 'View Questionnaire JSON' }));
      const dialog = await screen.findByRole('dialog', { name: 'Comprehensive Airman Fitness' });
      expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UsersPage } from '@airman/contracts/api.ts';
import type { User } from '@airman/contracts/user.ts';
import { nudgeRequestSchema, nudgeResponseSchema } from '@airman/contracts/record.ts';
import { makeModule, makeUser } from '#testing/fixtures.ts';
import { ADMIN, renderWithApp } from '#testing/render.tsx';
import { errorAnswer, gate, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { seriousViolations } from '#testing/axe.ts';
import { UsersScreen } from './users-screen.tsx';
import { preloadUnitFilter } from '#components/unit-filter.tsx';

// The unit filter as it is once its code has loaded (unit-filter.test.tsx: its stand-in before).
beforeAll(async () => {
  await preloadUnitFilter();
});

const jane = makeUser({ id: 'jane', user_name: 'jane@example.com', first_name: 'Jane', last_name: 'Doe' });
const joe = makeUser({ id: 'joe', user_name: 'joe@example.com', first_name: 'Joe', last_name: 'Roe' });
const invitee = makeUser({
  id: 'inv',
  user_name: 'new@example.com',
  first_name: '',
  last_name: '',
  pending: true,
  active_at: 0,
  invite_code: 'code-1',
  last_invite_at: 1_700_000_000_000,
});

/** Serves the list (read again after each change) and the module list. */
function serveList(initial: User[]) {
  let users = initial;
  let reads = 0;
  server.use(
    http.get('/api/modules', () => HttpResponse.json([makeModule()])),
    http.get('/api/admin/units', () => HttpResponse.json({ units: [] })),
    http.get('/api/admin/users', () => {
      reads += 1;
      const page: UsersPage = { count: users.length, users };
      return HttpResponse.json(page);
    }),
  );
  return {
    set: (next: User[]) => {
      users = next;
    },
    reads: () => reads,
  };
}

/**
 * A row menu's item by its text. Carbon's floating menu is positioned by measuring it, which jsdom
 * cannot: the role query counts it out of view, so the items are read from the DOM.
 */
async function menuItem(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const item = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((e) => e.textContent === text);
    if (!item) throw new Error(`no menu item ${text}`);
    return item;
  });
}

async function openRowMenu(user: ReturnType<typeof renderWithApp>['user'], who: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${who}` }));
}

describe('UsersScreen', () => {
  it('lists the users with their count', async () => {
    serveList([jane, joe]);
    renderWithApp(<UsersScreen />, { path: '/users' });
    expect(await screen.findByText('2 Users')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getByText('Jane Doe')).toBeTruthy();
    expect(within(table).getByText('Joe Roe')).toBeTruthy();
  });

  it("says when the list cannot be loaded, in the server's words", async () => {
    server.use(
      http.get('/api/modules', () => HttpResponse.json([])),
      http.get('/api/admin/units', () => HttpResponse.json({ units: [] })),
      http.get('/api/admin/users', () => errorAnswer(400, 'sort: Invalid option')),
    );
    renderWithApp(<UsersScreen />, { path: '/users' });
    expect(await screen.findByText('The users could not be loaded.')).toBeTruthy();
    expect(screen.getByText('sort: Invalid option')).toBeTruthy();
  });

  it('confirms a delete, names the user, deletes, and moves focus to the next row', async () => {
    const list = serveList([jane, joe]);
    server.use(
      http.delete('/api/admin/users/jane', () => {
        list.set([joe]);
        return HttpResponse.json({});
      }),
    );
    const { user } = renderWithApp(<UsersScreen />, { path: '/users' });
    await openRowMenu(user, 'Jane Doe (jane@example.com)');
    await user.click(await menuItem('Delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(within(dialog).getByText('Jane Doe')).toBeTruthy();
    expect(within(dialog).getByText('(jane@example.com)')).toBeTruthy();
    expect(within(dialog).getByText('This action cannot be reversed.')).toBeTruthy();
    expect(within(dialog).queryByText('You are trying to delete yourself.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User successfully deleted')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('user-actions-joe'));
    await waitFor(() => expect(screen.queryByText('Jane Doe')).toBeNull());
  });

  it('moves focus to the heading after deleting the last row', async () => {
    const list = serveList([joe]);
    server.use(
      http.delete('/api/admin/users/joe', () => {
        list.set([]);
        return HttpResponse.json({});
      }),
    );
    const { user } = renderWithApp(<UsersScreen />, { path: '/users' });
    await openRowMenu(user, 'Joe Roe (joe@example.com)');
    await user.click(await menuItem('Delete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('users-title'));
  });

  it('warns an admin who is about to delete themselves', async () => {
    const me = makeUser({
      id: ADMIN.id,
      user_name: ADMIN.user_name,
      first_name: 'Ada',
      last_name: 'Min',
      role: 'admin',
    });
    serveList([me]);
    const { user } = renderWithApp(<UsersScreen />, { path: '/users' });
    await openRowMenu(user, `Ada Min (${ADMIN.user_name})`);
    await user.click(await menuItem('Delete'));
    expect(await screen.findByText('You are trying to delete yourself.')).toBeTruthy();
  });

  it('names a pending invitee by the invite, not a name', async () => {
    serveList([invitee]);
    const { user } = renderWithApp(<UsersScreen />, { path: '/users' });
    await openRowMenu(user, 'new@example.com');
    await user.click(await menuItem('Delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(within(dialog).getByText('Pending invite')).toBeTruthy();
  });

  it('keeps Delete disabled while the delete runs', async () => {
    serveList([jane]);
    const held = gate();
    server.use(
      http.delete('/api/admin/users/jane', async () => {
        await held.wait;
        return HttpResponse.json({});
      }),
    );
    const { user } = renderWithApp(<UsersScreen />, { path: '/users' });
    await openRowMenu(user, 'Jane Doe (jane@example.com)');
    await user.click(await menuItem('Delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await user.click(confirm);
    await waitFor(() => expect(confirm).toHaveProperty('disabled', true));
    held.open();
    await screen.findByText('User successfully deleted');
  });

  it('says a delete failed and keeps the confirmation open', async () => {
    serveList([jane]);
    server.use(http.delete('/api/admin/users/jane', () => errorAnswer(409, 'The user changed meanwhile.')));
    const { user } = renderWithApp(<UsersScreen />, { path: '/users' });
    await openRowMenu(user, 'Jane Doe (jane@example.com)');
    await user.click(await menuItem('Delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting user')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Confirm Deletion' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false);
  });

  it('cancelling the confirmation deletes nothing and returns focus to the row', async () => {
    serveList([jane]);
    const sent = recordRequests();
    const { user } = renderWithApp(<UsersScreen />, { path: '/users' });
    await openRowMenu(user, 'Jane Doe (jane@example.com)');
    await user.click(await menuItem('Delete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('user-actions-jane'));
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('deactivates from the row menu with its toast, and reads the list again', async () => {
    const list = serveList([jane]);
    const sent = recordRequests();
    server.use(http.post('/api/admin/users/jane', () => HttpResponse.json({ ...jane, active_at: 0 })));
    const { user } = renderWithApp(<UsersScreen />, { path: '/users' });
    await openRowMenu(user, 'Jane Doe (jane@example.com)');
    const readsBefore = list.reads();
    await user.click(await menuItem('Deactivate'));
    expect(await screen.findByText('Jane Doe status has been updated')).toBeTruthy();
    await waitFor(() => expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ active_at: 0 }));
    await waitFor(() => expect(list.reads()).toBeGreaterThan(readsBefore));
  });

  it('puts the status back and says so when the change is refused', async () => {
    serveList([jane]);
    server.use(http.post('/api/admin/users/jane', () => errorAnswer(400, 'active_at: must not be before 1970')));
    const { user } = renderWithApp(<UsersScreen />, { path: '/users' });
    await openRowMenu(user, 'Jane Doe (jane@example.com)');
    await user.click(await menuItem('Deactivate'));
    expect(await screen.findByText('Error updating user status')).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: /Status of jane@example.com/ });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  });

  it("resends an invite, or says why not in the server's words", async () => {
    serveList([invitee]);
    let calls = 0;
    server.use(
      http.post('/api/admin/users/inv/reinvite', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({})
          : errorAnswer(502, 'The mail server refused the address: 550 no such user');
      }),
    );
    const { user } = renderWithApp(<UsersScreen />, { path: '/users' });
    await openRowMenu(user, 'new@example.com');
    await user.click(await menuItem('Resend Invite'));
    expect(await screen.findByText('Invite resent to new@example.com')).toBeTruthy();
    await openRowMenu(user, 'new@example.com');
    await user.click(await menuItem('Resend Invite'));
    expect(await screen.findByText('Error resending invite email.')).toBeTruthy();
    expect(screen.getByText('The mail server refused the address: 550 no such user')).toBeTruthy();
    // A write answered 502 is not sent again.
    expect(calls).toBe(2);
  });

  it('opens the invite modal and reads the list again after inviting', async () => {
    const list = serveList([jane]);
    server.use(
      http.put('/api/admin/invite', () =>
        HttpResponse.json({ invited: ['x@example.com'], existing: [], not_emailed: [], refused: [], queued: [] }),
      ),
    );
    const { user } = renderWithApp(<UsersScreen />, { path: '/users' });
    await screen.findByText('1 Users');
    await user.click(screen.getByRole('button', { name: 'Invite User +' }));
    await user.type(await screen.findByLabelText('E-mail addresses'), 'x@example.com');
    const readsBefore = list.reads();
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('1 user successfully invited')).toBeTruthy();
    await waitFor(() => expect(list.reads()).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Invite User +' })));
  });

  it('says when a search finds nobody, and Clear search brings the list back with the focus in the box', async () => {
    serveList([jane]);
    server.use(
      http.get('/api/admin/users', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search');
        const page: UsersPage = search ? { count: 0, users: [] } : { count: 1, users: [jane] };
        return HttpResponse.json(page);
      }),
    );
    const sent = recordRequests();
    const { user } = renderWithApp(<UsersScreen />, { path: '/users' });
    await screen.findByText('1 Users');
    const box = screen.getByRole('searchbox', { name: 'Search by player name' });
    await user.type(box, '  zz-nobody ');
    const empty = await screen.findByRole('heading', { name: "No users match 'zz-nobody'" });
    expect(screen.getByText('Check the spelling, or search by another part of the name or e-mail.')).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
    // One call for the search, trimmed, a debounce after the last key.
    expect(sent.filter((r) => r.path.includes('search=')).map((r) => r.path)).toEqual([
      '/api/admin/users?search=zz-nobody',
    ]);
    // Searching: no pages to turn.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    await user.click(within(empty.parentElement ?? document.body).getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
    expect(box).toHaveProperty('value', '');
    expect(document.activeElement).toBe(box);
  });

  it('opens with the filters and order of its URL, leaving out a value it does not know', async () => {
    serveList([jane]);
    const sent = recordRequests();
    renderWithApp(<UsersScreen />, { path: '/users?unit=99%20ABW&status=active&role=owner&sort=last_login' });
    await screen.findByText('1 Users');
    const listCalls = sent.filter((r) => r.path.startsWith('/api/admin/users?') || r.path === '/api/admin/users');
    expect(listCalls.map((r) => r.path)).toEqual(['/api/admin/users?unit=99+ABW&status=active&sort=last_login']);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Filter by unit' }).value).toBe('99 ABW');
    expect(screen.getByLabelText<HTMLSelectElement>('Filter by status').value).toBe('active');
    expect(screen.getByLabelText<HTMLSelectElement>('Filter by role').value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').value).toBe('last_login');
  });

  it('names a module of its URL that no longer exists, and says no user matches', async () => {
    serveList([]);
    renderWithApp(<UsersScreen />, { path: '/users?module=deleted_module' });
    expect(await screen.findByRole('heading', { name: 'No users match these filters' })).toBeTruthy();
    const module = screen.getByLabelText<HTMLSelectElement>('Filter by module');
    await waitFor(() => expect(module.selectedOptions[0]?.text).toBe('Module not found: deleted_module'));
  });

  it('clears filters that match nobody, reads every user and puts the focus on the first filter', async () => {
    serveList([]);
    server.use(
      http.get('/api/admin/users', ({ request }) => {
        const page: UsersPage = new URL(request.url).search ? { count: 0, users: [] } : { count: 1, users: [jane] };
        return HttpResponse.json(page);
      }),
    );
    const { user } = renderWithApp(<UsersScreen />, { path: '/users?unit=Nobody&status=inactive' });
    const empty = await screen.findByRole('heading', { name: 'No users match these filters' });
    expect(screen.getByText('Change the filters above, or clear them to see every user.')).toBeTruthy();
    await user.click(within(empty.parentElement ?? document.body).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('1 Users')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Filter by unit' }));
    expect(screen.getByLabelText<HTMLSelectElement>('Filter by status').value).toBe('');
  });

  it('says there are no users yet, with no filter to clear, when the list is empty', async () => {
    serveList([]);
    renderWithApp(<UsersScreen />, { path: '/users' });
    expect(await screen.findByRole('heading', { name: 'No users yet' })).toBeTruthy();
    expect(screen.getByText('Invite users by e-mail to get started.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it("names a pending invitee by address in the row's actions button, a registered user by name too", async () => {
    serveList([jane, invitee]);
    renderWithApp(<UsersScreen />, { path: '/users' });
    const table = await screen.findByRole('table', { name: 'Users' });
    // Out of context (a screen reader's list of buttons), each says whose row it acts on.
    expect(within(table).getByRole('button', { name: 'Actions for new@example.com' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Actions for Jane Doe (jane@example.com)' })).toBeTruthy();
  });

  it('reminds the selected users about the filtered module, and says how many were sent and skipped', async () => {
    serveList([jane, joe]);
    server.use(
      http.post('/api/admin/reminders/nudge', () =>
        HttpResponse.json(
          nudgeResponseSchema.parse({
            sent: 1,
            skipped: 1,
            skipped_by: { unknown: 0, inactive: 0, pending: 0, not_overdue: 1, recently_reminded: 0 },
          }),
        ),
      ),
    );
    const sent = recordRequests();
    const module = makeModule();
    const { user } = renderWithApp(<UsersScreen />, { path: `/users?module=${module.id}&recert=due` });
    await screen.findByText('2 Users');
    expect(screen.getByLabelText<HTMLSelectElement>('Filter by recertification').value).toBe('due');
    await user.click(screen.getByRole('checkbox', { name: 'Select every user of this page' }));
    await user.click(screen.getByRole('button', { name: 'Send a reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a reminder to 2 trainees' });
    await user.click(within(dialog).getByRole('button', { name: 'Send reminder (2 trainees)' }));
    expect(
      await screen.findByRole('heading', { name: 'Send a reminder: 1 sent, 1 skipped (1 nothing overdue)' }),
    ).toBeTruthy();
    const nudge = sent.find((r) => r.path === '/api/admin/reminders/nudge');
    expect(nudgeRequestSchema.parse(nudge?.body)).toEqual({ user_ids: ['jane', 'joe'], module: module.id });
  });
});

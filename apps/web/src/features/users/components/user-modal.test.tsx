import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UserUpdateRequest } from '@airman/contracts/api.ts';
import { AUTOSAVE_DEBOUNCE_MS } from '@airman/contracts/constants.ts';
import type { User } from '@airman/contracts/user.ts';
import { makeAssignment, makeModule, makeUser } from '#testing/fixtures.ts';
import { ADMIN, renderWithApp } from '#testing/render.tsx';
import { errorAnswer, gate, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { seriousViolations } from '#testing/axe.ts';
import { UserModal } from './user-modal.tsx';

const modules = [
  makeModule({ id: 'fitness', game_title: 'Fitness Basics' }),
  makeModule({ id: 'nutrition', game_title: 'Nutrition' }),
];

/** The calls the modal makes on opening, answered as for an account with nothing to show. */
function sideCalls(id: string) {
  return [
    http.get(`/api/admin/users/${id}/sign-in-method`, () => HttpResponse.json({ method: 'password', linked_at: 0 })),
    http.get(`/api/admin/users/${id}/sign-in`, () =>
      HttpResponse.json({ failures: 0, locked_until: 0, trust_link_sent_at: 0, trust_link_used_at: 0 }),
    ),
    http.get(`/api/admin/users/${id}/emails`, () => HttpResponse.json({ emails: [] })),
    http.get(`/api/admin/users/${id}/record`, () => HttpResponse.json({ assignments: [] })),
  ];
}

/** Serves `fresh` as GET admin/users/{id}, and each save as the user with the patch applied. */
function serveUser(fresh: User, onSave?: (patch: UserUpdateRequest) => void) {
  let current = fresh;
  server.use(
    ...sideCalls(fresh.id),
    http.get(`/api/admin/users/${fresh.id}`, () => HttpResponse.json(current)),
    http.post(`/api/admin/users/${fresh.id}`, async ({ request }) => {
      const patch = (await request.json()) as UserUpdateRequest;
      onSave?.(patch);
      const { assignments: _ignored, ...fields } = patch;
      current = { ...current, ...fields };
      return HttpResponse.json(current);
    }),
  );
}

/**
 * A clock the test moves for the autosave's timers (its debounce and its retries); everything
 * else keeps real time. Call before rendering, so the modal's timers are on it.
 */
function autosaveClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  return { pass: (ms: number) => vi.advanceTimersByTimeAsync(ms) };
}

function renderModal(user: User, options: { currentUserId?: string; fullAdmin?: boolean } = {}) {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  const rendered = renderWithApp(
    <UserModal
      user={user}
      currentUserId={options.currentUserId ?? ADMIN.id}
      fullAdmin={options.fullAdmin ?? true}
      modules={modules}
      onClose={onClose}
      onChanged={onChanged}
    />,
  );
  return { ...rendered, onClose, onChanged };
}

describe('UserModal', () => {
  afterEach(() => vi.useRealTimers());

  it('says an invitee is waiting on the invite, and resends it from there', async () => {
    const invitee = makeUser({ id: 'p1', user_name: 'new@example.com', pending: true, active_at: 0 });
    serveUser(invitee);
    server.use(http.post('/api/admin/users/p1/reinvite', () => HttpResponse.json({})));
    const sent = recordRequests();
    const resent = () => sent.filter((r) => r.method === 'POST' && r.path === '/api/admin/users/p1/reinvite');
    const { user } = renderModal(invitee);
    expect(await screen.findByText(/Invite pending, last sent/)).toBeTruthy();
    // Not a switch between Active and Inactive: a pending invite is neither.
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy Invite Link' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend Invite' }));
    await waitFor(() => expect(resent().length).toBe(1));
    expect(await screen.findByText('Invite resent to new@example.com')).toBeTruthy();
  });

  it("shows the server's copy of the user once it arrives", async () => {
    const listCopy = makeUser({ first_name: 'Old' });
    serveUser({ ...listCopy, first_name: 'Fresh' });
    renderModal(listCopy);
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Old');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Fresh'));
  });

  it("saves nothing back for the server's copy: opening only reads", async () => {
    const listCopy = makeUser({ first_name: 'Old', unit: 'Old Unit' });
    serveUser({ ...listCopy, first_name: 'Renamed', unit: 'Changed Unit', rank: 'SrA' });
    const sent = recordRequests();
    const clock = autosaveClock();
    renderModal(listCopy);
    // Each field as it shows the server's copy: the Rank combobox takes its new text a render
    // after the fields, which on a busy machine may come after the check of the others.
    await waitFor(() => {
      expect(screen.getByLabelText<HTMLInputElement>('Unit').value).toBe('Changed Unit');
      expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Renamed');
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Rank' }).value).toBe('Senior Airman (SrA, E-4)');
    });
    // Past the autosave's debounce: taking the server's state saved nothing.
    await clock.pass(AUTOSAVE_DEBOUNCE_MS + 500);
    expect(sent.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      `GET /api/admin/users/${listCopy.id}`,
      `GET /api/admin/users/${listCopy.id}/emails`,
      `GET /api/admin/users/${listCopy.id}/record`,
      `GET /api/admin/users/${listCopy.id}/sign-in`,
      `GET /api/admin/users/${listCopy.id}/sign-in-method`,
    ]);
  });

  it('never replaces what the admin typed with the late server copy', async () => {
    const listCopy = makeUser({ first_name: 'Old' });
    const held = gate();
    server.use(
      ...sideCalls(listCopy.id),
      http.get(`/api/admin/users/${listCopy.id}`, async () => {
        await held.wait;
        return HttpResponse.json({ ...listCopy, first_name: 'Fresh' });
      }),
      http.post(`/api/admin/users/${listCopy.id}`, () => HttpResponse.json(listCopy)),
    );
    const { user } = renderModal(listCopy);
    const field = screen.getByLabelText<HTMLInputElement>('First name');
    await user.clear(field);
    await user.type(field, 'Typed');
    held.open();
    await screen.findByText('User updated');
    expect(field.value).toBe('Typed');
  });

  it('says a user deleted since the list was read is gone, and has the list read again', async () => {
    const gone = makeUser();
    server.use(
      ...sideCalls(gone.id),
      http.get(`/api/admin/users/${gone.id}`, () => errorAnswer(404, 'Not found')),
    );
    const { onChanged } = renderModal(gone);
    expect(await screen.findByText('This user no longer exists.')).toBeTruthy();
    expect(
      screen.getByText('Jane Doe was deleted after the list was shown; the list has been read again.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(onChanged).toHaveBeenCalledOnce();
    expect(await seriousViolations()).toEqual([]);
  });

  it('flags an invalid e-mail at once and sends nothing for it', async () => {
    const sent = recordRequests();
    const jane = makeUser();
    serveUser(jane);
    const clock = autosaveClock();
    const { user } = renderModal(jane);
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'not-an-address');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(email.getAttribute('aria-describedby')).toBe('user-email-error-msg');
    await clock.pass(AUTOSAVE_DEBOUNCE_MS + 300);
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('flags an emptied name as Required, only once edited', async () => {
    const pending = makeUser({ first_name: '', last_name: '', pending: true });
    serveUser(pending);
    const { user } = renderModal(pending);
    await screen.findByLabelText('Last name');
    expect(screen.queryByText('Required')).toBeNull();
    await user.type(screen.getByLabelText('Last name'), ' ');
    expect(await screen.findByText('Required')).toBeTruthy();
  });

  it('says a name over the limit is too long, in the schema words, not Required', async () => {
    const jane = makeUser();
    serveUser(jane);
    const { user } = renderModal(jane);
    const field = screen.getByLabelText('First name');
    await user.click(field);
    await user.paste('x'.repeat(101));
    expect(await screen.findByText(/too big/i)).toBeTruthy();
    expect(screen.queryByText('Required')).toBeNull();
  });

  it('saves a field a second after the last edit, trimmed, with its toast, and tells the host', async () => {
    const patches: UserUpdateRequest[] = [];
    const jane = makeUser();
    serveUser(jane, (patch) => patches.push(patch));
    const { user, onChanged } = renderModal(jane);
    const unit = screen.getByLabelText('Unit');
    await user.clear(unit);
    await user.type(unit, ' 42 ABW ');
    expect(patches).toHaveLength(0);
    expect(await screen.findByText('User unit updated')).toBeTruthy();
    expect(patches).toEqual([{ unit: '42 ABW' }]);
    expect(onChanged).toHaveBeenCalled();
  });

  it('sends a valid e-mail as the schema parses it (trimmed, lower-cased)', async () => {
    const patches: UserUpdateRequest[] = [];
    const jane = makeUser();
    serveUser(jane, (patch) => patches.push(patch));
    const { user } = renderModal(jane);
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.click(email);
    await user.paste(' Jane.New@Example.com');
    await screen.findByText('User updated');
    expect(patches).toEqual([{ user_name: 'jane.new@example.com' }]);
  });

  it('signs the admin out after changing their own e-mail (spec §4)', async () => {
    const me = makeUser({ id: ADMIN.id, role: 'admin' });
    serveUser(me);
    let loggedOut = false;
    server.use(
      http.post('/api/logout', () => {
        loggedOut = true;
        return HttpResponse.json({});
      }),
    );
    const { user } = renderModal(me, { currentUserId: ADMIN.id });
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'me2@example.com');
    await waitFor(() => expect(loggedOut).toBe(true));
  });

  it("shows the server's reason under the field's error toast, and does not retry a refusal", async () => {
    const jane = makeUser();
    let posts = 0;
    server.use(
      ...sideCalls(jane.id),
      http.get(`/api/admin/users/${jane.id}`, () => HttpResponse.json(jane)),
      http.post(`/api/admin/users/${jane.id}`, () => {
        posts += 1;
        return errorAnswer(409, 'That e-mail address is already in use.');
      }),
    );
    const clock = autosaveClock();
    const { user } = renderModal(jane);
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.click(email);
    await user.paste('taken@example.com');
    expect(await screen.findByText('Error updating user.')).toBeTruthy();
    expect(screen.getByText('That e-mail address is already in use.')).toBeTruthy();
    // Past the longest retry backoff (30 s): a refusal is not sent again.
    await clock.pass(31_000);
    expect(posts).toBe(1);
  });

  it('saves what is pending when the modal closes', async () => {
    const patches: UserUpdateRequest[] = [];
    const jane = makeUser();
    serveUser(jane, (patch) => patches.push(patch));
    const { user, onClose } = renderModal(jane);
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(patches).toEqual([{ role: 'admin' }]));
  });

  it('makes a unit administrator only with its units, saving the role and the units together', async () => {
    const patches: UserUpdateRequest[] = [];
    const jane = makeUser();
    serveUser(jane, (patch) => patches.push(patch));
    const clock = autosaveClock();
    const { user, container } = renderModal(jane);
    await user.selectOptions(screen.getByLabelText('Role'), 'Unit administrator');
    const units = screen.getByLabelText('Units administered');
    expect(screen.getByText('Give at least one unit: the role is saved with its units.')).toBeTruthy();
    await clock.pass(AUTOSAVE_DEBOUNCE_MS + 300);
    expect(patches).toEqual([]);
    await user.type(units, '655 ISRW{Enter} 70 ISRW ');
    await waitFor(() => expect(patches.at(-1)).toEqual({ role: 'unit_admin', admin_units: ['655 ISRW', '70 ISRW'] }));
    expect(await seriousViolations(container)).toEqual([]);
  });

  it("offers a unit administrator no role picker: roles and units are a full administrator's", async () => {
    const jane = makeUser();
    serveUser(jane);
    renderModal(jane, { fullAdmin: false });
    expect(await screen.findByLabelText('Unit')).toBeTruthy();
    expect(screen.queryByLabelText('Role')).toBeNull();
    expect(screen.queryByLabelText('Units administered')).toBeNull();
  });

  it("shows a unit administrator the trainee's record, not the sign-in method or e-mail log", async () => {
    const jane = makeUser();
    serveUser(jane);
    const sent = recordRequests();
    renderModal(jane, { fullAdmin: false });
    expect(await screen.findByRole('region', { name: 'Record' })).toBeTruthy();
    await waitFor(() => expect(sent.map((r) => r.path)).toContain(`/api/admin/users/${jane.id}/record`));
    const paths = sent.map((r) => r.path);
    expect(paths).not.toContain(`/api/admin/users/${jane.id}/emails`);
    expect(paths).not.toContain(`/api/admin/users/${jane.id}/sign-in-method`);
  });

  it('lists the assignments, and assigns a module with its toast, keeping focus on the picker', async () => {
    const jane = makeUser({ assignments: [makeAssignment({ key: 'fitness' })], modules: ['fitness'] });
    serveUser(jane);
    server.use(
      http.post(`/api/admin/users/${jane.id}/assign`, async ({ request }) => {
        const { module } = (await request.json()) as { module: string };
        return HttpResponse.json({
          ...jane,
          modules: ['fitness', module],
          assignments: [...jane.assignments, makeAssignment({ key: module })],
        });
      }),
    );
    const { user, onChanged } = renderModal(jane);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Fitness Basics')).toBeTruthy();
    const picker = screen.getByLabelText<HTMLSelectElement>('Module');
    // Only modules not assigned yet are offered.
    expect([...picker.options].map((o) => o.text)).toEqual(['None', 'Nutrition']);
    await user.selectOptions(picker, 'nutrition');
    await user.click(screen.getByRole('button', { name: 'Assign Module' }));
    expect(await screen.findByText("Module 'Nutrition' assigned to Jane Doe")).toBeTruthy();
    expect(within(screen.getByRole('table')).getByText('Nutrition')).toBeTruthy();
    expect(document.activeElement).toBe(picker);
    expect(onChanged).toHaveBeenCalled();
  });

  it('keeps Assign disabled while its call runs, and says when it fails', async () => {
    const jane = makeUser();
    serveUser(jane);
    const held = gate();
    server.use(
      http.post(`/api/admin/users/${jane.id}/assign`, async () => {
        await held.wait;
        return errorAnswer(400, 'module: archived');
      }),
    );
    const { user } = renderModal(jane);
    await user.selectOptions(screen.getByLabelText('Module'), 'fitness');
    await user.click(screen.getByRole('button', { name: 'Assign Module' }));
    await user.selectOptions(screen.getByLabelText('Module'), 'nutrition');
    expect(screen.getByRole('button', { name: 'Assign Module' })).toHaveProperty('disabled', true);
    held.open();
    expect(await screen.findByText('Error assigning module.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Assign Module' })).toHaveProperty('disabled', false),
    );
  });

  it('asks before unassigning, then removes the assignment and returns focus to the picker', async () => {
    const jane = makeUser({ assignments: [makeAssignment({ key: 'fitness' })], modules: ['fitness'] });
    serveUser(jane);
    const sent = recordRequests();
    server.use(
      http.delete(`/api/admin/users/${jane.id}/assign/fitness`, () =>
        HttpResponse.json({ ...jane, modules: [], assignments: [] }),
      ),
    );
    const { user } = renderModal(jane);
    await user.click(await screen.findByRole('button', { name: /Delete\s*assignment Fitness Basics/ }));
    expect(await screen.findByText("Unassign 'Fitness Basics'?")).toBeTruthy();
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText("Module 'Fitness Basics' no longer assigned to Jane Doe")).toBeTruthy();
    expect(screen.getByText('No Assignments')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('assign-module'));
  });

  it('cancelling the unassign confirmation sends nothing', async () => {
    const jane = makeUser({ assignments: [makeAssignment({ key: 'fitness' })], modules: ['fitness'] });
    serveUser(jane);
    const sent = recordRequests();
    const { user } = renderModal(jane);
    await user.click(await screen.findByRole('button', { name: /Delete\s*assignment Fitness Basics/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText("Unassign 'Fitness Basics'?")).toBeNull());
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });
});

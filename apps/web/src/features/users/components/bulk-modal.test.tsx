import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BulkUsersRequest, BulkUsersResponse } from '@airman/contracts/bulk-users.ts';
import { dueAtFromLocalDate } from '@airman/contracts/due-date.ts';
import { makeModule } from '#testing/fixtures.ts';
import { renderWithApp } from '#testing/render.tsx';
import { errorAnswer, gate, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { usersCount } from './bulk-labels.ts';
import { BulkModal } from './bulk-modal.tsx';

const modules = [
  makeModule({ id: 'fitness', game_title: 'Fitness Basics' }),
  makeModule({ id: 'old', game_title: 'Old Module', archived_at: 1 }),
];

const done = (body: BulkUsersRequest): BulkUsersResponse => ({
  action: body.action,
  done: body.ids.length,
  skipped: 0,
  results: body.ids.map((id) => ({ id, user_name: `${id}@example.com`, outcome: 'done' })),
});

function serveBulk(onBody?: (body: BulkUsersRequest) => void) {
  server.use(
    http.post('/api/admin/users/bulk', async ({ request }) => {
      const body = (await request.json()) as BulkUsersRequest;
      onBody?.(body);
      return HttpResponse.json(done(body));
    }),
  );
}

function renderModal(action: BulkUsersRequest['action'], ids = ['u1', 'u2']) {
  const onClose = vi.fn();
  const onDone = vi.fn();
  const rendered = renderWithApp(
    <BulkModal action={action} ids={ids} modules={modules} onClose={onClose} onDone={onDone} />,
  );
  return { ...rendered, onClose, onDone };
}

describe('usersCount', () => {
  it('counts one user and many', () => {
    expect(usersCount(1)).toBe('1 user');
    expect(usersCount(1234)).toBe(`${(1234).toLocaleString()} users`);
  });
});

describe('BulkModal', () => {
  it('names the action and how many users it reaches, and opens on the module', async () => {
    renderModal('assign', ['a', 'b', 'c']);
    expect(screen.getByRole('heading', { name: 'Assign a module to 3 users' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Module')));
    expect(
      screen.getByText(
        'The module is added to every selected user who does not have it yet, with this due date (or none). Your own account and inactive users are skipped.',
      ),
    ).toBeTruthy();
  });

  it('offers live modules only when assigning, and archived ones too when unassigning', () => {
    const { unmount } = renderModal('assign');
    const texts = () => [...screen.getByLabelText<HTMLSelectElement>('Module').options].map((o) => o.text);
    expect(texts()).toEqual(['Choose a module', 'Fitness Basics']);
    unmount();
    renderModal('unassign');
    expect(texts()).toEqual(['Choose a module', 'Fitness Basics', 'Old Module (archived)']);
  });

  it('keeps the action disabled until its module is chosen', async () => {
    const { user } = renderModal('assign');
    const apply = screen.getByRole('button', { name: 'Assign (2 users)' });
    expect(apply).toHaveProperty('disabled', true);
    await user.selectOptions(screen.getByLabelText('Module'), 'fitness');
    expect(apply).toHaveProperty('disabled', false);
  });

  it('wants a due date for a due-date change', async () => {
    const { user } = renderModal('due_date');
    await user.selectOptions(screen.getByLabelText('Module'), 'fitness');
    const apply = screen.getByRole('button', { name: 'Change due date (2 users)' });
    expect(apply).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('New due date'), '12/31/2030');
    await waitFor(() => expect(apply).toHaveProperty('disabled', false));
  });

  it('sends the action with its module and due date, and hands the answer on', async () => {
    const bodies: BulkUsersRequest[] = [];
    serveBulk((body) => bodies.push(body));
    const { user, onDone } = renderModal('assign');
    await user.selectOptions(screen.getByLabelText('Module'), 'fitness');
    await user.type(screen.getByLabelText('Due date (optional)'), '12/31/2030');
    await user.click(screen.getByRole('button', { name: 'Assign (2 users)' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(bodies).toEqual([
      { ids: ['u1', 'u2'], action: 'assign', module: 'fitness', due_at: dueAtFromLocalDate(new Date(2030, 11, 31)) },
    ]);
    expect(onDone.mock.calls[0]?.[0]).toMatchObject({ action: 'assign', done: 2 });
  });

  it('sends neither module nor date for an action that takes none', async () => {
    const bodies: BulkUsersRequest[] = [];
    serveBulk((body) => bodies.push(body));
    const { user, onDone } = renderModal('reinvite', ['u1']);
    expect(screen.queryByLabelText('Module')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resend invites (1 user)' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ ids: ['u1'], action: 'reinvite' }]);
  });

  it('shows Deactivate as a danger action', () => {
    renderModal('deactivate');
    expect(screen.getByRole('button', { name: 'Deactivate (2 users)' }).className).toContain('cds--btn--danger');
  });

  it('keeps the action disabled while the call runs, so it is sent once', async () => {
    const held = gate();
    const sent = recordRequests();
    server.use(
      http.post('/api/admin/users/bulk', async ({ request }) => {
        const body = (await request.json()) as BulkUsersRequest;
        await held.wait;
        return HttpResponse.json(done(body));
      }),
    );
    const { user, onDone } = renderModal('reinvite');
    const apply = screen.getByRole('button', { name: 'Resend invites (2 users)' });
    await user.click(apply);
    await waitFor(() => expect(apply).toHaveProperty('disabled', true));
    await user.click(apply);
    held.open();
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("says nothing was changed, with the server's reason, and lets the admin try again", async () => {
    server.use(http.post('/api/admin/users/bulk', () => errorAnswer(400, 'module: required by assign')));
    const { user, onDone } = renderModal('reinvite');
    const apply = screen.getByRole('button', { name: 'Resend invites (2 users)' });
    await user.click(apply);
    expect(await screen.findByText('Nothing was changed.')).toBeTruthy();
    expect(screen.getByText('module: required by assign')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    expect(apply).toHaveProperty('disabled', false);
  });

  it('says so after a 409 too, and clears the error when the next try succeeds', async () => {
    let calls = 0;
    server.use(
      http.post('/api/admin/users/bulk', async ({ request }) => {
        calls += 1;
        const body = (await request.json()) as BulkUsersRequest;
        return calls === 1 ? errorAnswer(409, 'Another bulk action is running.') : HttpResponse.json(done(body));
      }),
    );
    const { user, onDone } = renderModal('deactivate');
    await user.click(screen.getByRole('button', { name: 'Deactivate (2 users)' }));
    expect(await screen.findByText('Another bulk action is running.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Deactivate (2 users)' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(screen.queryByText('Nothing was changed.')).toBeNull();
  });

  it('retries a 503 with Retry-After under the same Idempotency-Key', async () => {
    const sent = recordRequests();
    let calls = 0;
    server.use(
      http.post('/api/admin/users/bulk', async ({ request }) => {
        calls += 1;
        const body = (await request.json()) as BulkUsersRequest;
        return calls === 1
          ? errorAnswer(503, 'The database cannot be reached.', { 'Retry-After': '0' })
          : HttpResponse.json(done(body));
      }),
    );
    const { user, onDone } = renderModal('reinvite');
    await user.click(screen.getByRole('button', { name: 'Resend invites (2 users)' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const keys = sent.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('cancels without sending', async () => {
    const sent = recordRequests();
    const { user, onClose } = renderModal('reinvite');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(sent).toHaveLength(0);
  });
});

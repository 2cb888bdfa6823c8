import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { InviteRequest, InviteResponse } from '@airman/contracts/api.ts';
import { makeModule } from '#testing/fixtures.ts';
import { renderWithApp } from '#testing/render.tsx';
import { errorAnswer, gate, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { InviteModal } from './invite-modal.tsx';

const answer = (overrides: Partial<InviteResponse> = {}): InviteResponse => ({
  invited: [],
  existing: [],
  not_emailed: [],
  refused: [],
  queued: [],
  ...overrides,
});

const modules = [
  makeModule({ id: 'fitness', game_title: 'Fitness Basics' }),
  makeModule({ id: 'old', game_title: 'Old Module', archived_at: 1 }),
];

function renderModal(onClose = vi.fn()) {
  const rendered = renderWithApp(<InviteModal modules={modules} onClose={onClose} />);
  return { ...rendered, onClose, field: () => screen.getByLabelText('E-mail addresses') };
}

const inviteButton = () => screen.getByRole('button', { name: 'Invite' });
/** The modal's notification (Carbon's own live regions are alerts too, and empty). */
const alertText = (text: string | RegExp) => screen.findByText(text, { selector: '.cds--inline-notification__title' });

describe('InviteModal', () => {
  it('opens on the addresses field, with Invite disabled until there is an address', async () => {
    const { field, user } = renderModal();
    await waitFor(() => expect(document.activeElement).toBe(field()));
    expect(screen.getByRole('heading', { name: 'Invite Users' })).toBeTruthy();
    expect(inviteButton()).toHaveProperty('disabled', true);
    await user.type(field(), 'a@example.com');
    expect(inviteButton()).toHaveProperty('disabled', false);
  });

  it('offers live modules only', () => {
    renderModal();
    const options = [...screen.getByLabelText<HTMLSelectElement>('Module for all invitees (optional)').options].map(
      (o) => o.text,
    );
    expect(options).toEqual(['None', 'Fitness Basics']);
  });

  it('says which addresses are invalid a second after typing stops, and keeps Invite disabled', async () => {
    const { field, user } = renderModal();
    await user.type(field(), 'good@example.com not-an-email also@bad');
    expect(inviteButton()).toHaveProperty('disabled', true);
    expect(
      await screen.findByText('List includes invalid or incomplete email addresses: not-an-email, also@bad'),
    ).toBeTruthy();
  });

  it('drops the message once the addresses are fixed', async () => {
    const { field, user } = renderModal();
    await user.type(field(), 'oops');
    await screen.findByText('List includes invalid or incomplete email addresses: oops');
    await user.clear(field());
    await user.type(field(), 'fixed@example.com');
    await waitFor(() => expect(screen.queryByText(/List includes invalid or incomplete email addresses/)).toBeNull());
  });

  it('refuses a list longer than the call takes, in the words of the request schema', async () => {
    const { field, user } = renderModal();
    const many = Array.from({ length: 1001 }, (_, i) => `u${i}@example.com`).join(' ');
    await user.click(field());
    await user.paste(many);
    expect(inviteButton()).toHaveProperty('disabled', true);
    expect(await screen.findByText(/^emails: /)).toBeTruthy();
  });

  it('sends the addresses with an Idempotency-Key, closes and says how many were invited', async () => {
    const sent = recordRequests();
    server.use(
      http.put('/api/admin/invite', async ({ request }) => {
        const body = (await request.json()) as InviteRequest;
        return HttpResponse.json(answer({ invited: body.emails }));
      }),
    );
    const { field, user, onClose } = renderModal();
    await user.type(field(), 'a@example.com{Enter}b@example.com');
    await user.click(inviteButton());
    expect(await screen.findByText('2 users successfully invited')).toBeTruthy();
    expect(onClose).toHaveBeenCalledOnce();
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ emails: ['a@example.com', 'b@example.com'] });
    expect(put?.headers.get('Idempotency-Key')).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('sends the module chosen for all invitees', async () => {
    const sent = recordRequests();
    server.use(http.put('/api/admin/invite', () => HttpResponse.json(answer({ invited: ['a@example.com'] }))));
    const { field, user } = renderModal();
    await user.type(field(), 'a@example.com');
    await user.selectOptions(screen.getByLabelText('Module for all invitees (optional)'), 'fitness');
    expect(screen.getByLabelText('Due date (optional)')).toBeTruthy();
    await user.click(inviteButton());
    await screen.findByText('1 user successfully invited');
    await waitFor(() => expect(sent[0]?.body).toEqual({ emails: ['a@example.com'], module: 'fitness' }));
  });

  it('says when invitation e-mails are queued', async () => {
    server.use(
      http.put('/api/admin/invite', () =>
        HttpResponse.json(answer({ invited: ['a@example.com', 'b@example.com'], queued: ['b@example.com'] })),
      ),
    );
    const { field, user } = renderModal();
    await user.type(field(), 'a@example.com b@example.com');
    await user.click(inviteButton());
    expect(await screen.findByText('1 invitation e-mail is queued and will be sent within minutes.')).toBeTruthy();
  });

  it('stays open and lists addresses already on the list, and those the mail server refused', async () => {
    server.use(
      http.put('/api/admin/invite', () =>
        HttpResponse.json(
          answer({
            invited: ['new@example.com', 'bounce@example.com'],
            existing: ['old@example.com'],
            not_emailed: ['bounce@example.com'],
            refused: ['bounce@example.com'],
          }),
        ),
      ),
    );
    const { field, user, onClose } = renderModal();
    await user.type(field(), 'new@example.com old@example.com bounce@example.com');
    await user.click(inviteButton());
    const alert = await alertText(/^Already on the users list/);
    expect(alert.textContent).toContain(
      "Already on the users list, not invited again (a pending invite is sent again with its row's Resend Invite): old@example.com",
    );
    expect(alert.textContent).toContain(
      'Invited, but the mail server refused these addresses (check them; correct or delete these invites): bounce@example.com',
    );
    expect(alert.textContent).not.toContain('could not be sent (use Resend Invite)');
    expect(onClose).not.toHaveBeenCalled();
    // What was sent is gone from the field: a second Invite would send nothing twice.
    expect(field()).toHaveProperty('value', '');
  });

  it('lists addresses whose e-mail could not be sent yet', async () => {
    server.use(
      http.put('/api/admin/invite', () =>
        HttpResponse.json(answer({ invited: ['a@example.com'], not_emailed: ['a@example.com'] })),
      ),
    );
    const { field, user } = renderModal();
    await user.type(field(), 'a@example.com');
    await user.click(inviteButton());
    expect(
      await alertText('Invited, but the e-mail could not be sent (use Resend Invite): a@example.com'),
    ).toBeTruthy();
  });

  it('keeps Invite disabled while the call runs', async () => {
    const held = gate();
    server.use(
      http.put('/api/admin/invite', async () => {
        await held.wait;
        return HttpResponse.json(answer({ invited: ['a@example.com'] }));
      }),
    );
    const { field, user } = renderModal();
    await user.type(field(), 'a@example.com');
    await user.click(inviteButton());
    await waitFor(() => expect(inviteButton()).toHaveProperty('disabled', true));
    held.open();
    await screen.findByText('1 user successfully invited');
  });

  it("shows the server's reason for a refusal and keeps what was typed", async () => {
    server.use(http.put('/api/admin/invite', () => errorAnswer(400, 'emails: too many addresses')));
    const { field, user, onClose } = renderModal();
    await user.type(field(), 'a@example.com');
    await user.click(inviteButton());
    expect(await alertText('The users could not be invited: emails: too many addresses')).toBeTruthy();
    expect(field()).toHaveProperty('value', 'a@example.com');
    expect(onClose).not.toHaveBeenCalled();
    expect(inviteButton()).toHaveProperty('disabled', false);
  });

  it('tries a 503 again after its Retry-After, with the same Idempotency-Key', async () => {
    const sent = recordRequests();
    let calls = 0;
    server.use(
      http.put('/api/admin/invite', () => {
        calls += 1;
        return calls === 1
          ? errorAnswer(503, 'The database cannot be reached.', { 'Retry-After': '0' })
          : HttpResponse.json(answer({ invited: ['a@example.com'] }));
      }),
    );
    const { field, user } = renderModal();
    await user.type(field(), 'a@example.com');
    await user.click(inviteButton());
    await screen.findByText('1 user successfully invited');
    const keys = sent.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('says so when the database stays unreachable', async () => {
    server.use(
      http.put('/api/admin/invite', () =>
        errorAnswer(503, 'The database cannot be reached; try again shortly.', { 'Retry-After': '0' }),
      ),
    );
    const { field, user } = renderModal();
    await user.type(field(), 'a@example.com');
    await user.click(inviteButton());
    expect(
      await screen.findByText('The users could not be invited: The database cannot be reached; try again shortly.'),
    ).toBeTruthy();
  });

  it('closes on Close without sending anything', async () => {
    const sent = recordRequests();
    const { user, onClose } = renderModal();
    await user.click(screen.getByText('Close', { selector: 'button' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(sent).toHaveLength(0);
  });
});

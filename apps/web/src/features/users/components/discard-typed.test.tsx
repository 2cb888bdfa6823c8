/**
 * Nothing typed in the users screen's modals is lost without a question: Escape in an open
 * calendar closes only the calendar, and every way of closing a modal with unsent input asks
 * first, keeping the input and the focus in the modal until the admin chooses to discard.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { User } from '@airman/contracts/user.ts';
import { DISCARD_HEADING, DISCARDED } from '#components/discard-guard.tsx';
import { makeUser } from '#testing/fixtures.ts';
import { renderWithApp } from '#testing/render.tsx';
import { recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { seriousViolations } from '#testing/axe.ts';
import { BulkModal } from './bulk-modal.tsx';
import { UserModal } from './user-modal.tsx';
import { fillInvite, modules, renderInvite } from './invite-modal.testing.tsx';

const invite = () => screen.getByRole('dialog', { name: 'Invite Users' });
const guard = () => screen.queryByRole('dialog', { name: DISCARD_HEADING });
const announced = () => document.getElementById('app-announcer')?.textContent ?? '';

describe('closing the invite modal with addresses typed', () => {
  it('asks on Escape, Keep editing first; keeping goes back to the field with the text', async () => {
    const r = renderInvite();
    await r.user.type(r.field(), 'ann@example.com');
    await r.user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: DISCARD_HEADING });
    expect(ask.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(ask.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'The addresses and choices in this form have not been sent. Closing now loses them.',
    );
    const keep = within(ask).getByRole('button', { name: 'Keep editing' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    expect(await seriousViolations()).toEqual([]);
    await r.user.keyboard('{Enter}');
    await waitFor(() => expect(guard()).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(r.field()));
    expect(r.field().value).toBe('ann@example.com');
    expect(r.onClose).not.toHaveBeenCalled();
  });

  it('asks on Escape from the open calendar only once the calendar is closed', async () => {
    const r = renderInvite();
    const due = await fillInvite(r);
    await r.user.keyboard('{Escape}');
    expect(guard()).toBeNull();
    await r.user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: DISCARD_HEADING });
    // Escape on the question is Keep editing.
    await waitFor(() => expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Keep editing' })));
    await r.user.keyboard('{Escape}');
    await waitFor(() => expect(guard()).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(due));
    expect(r.field().value).toBe('ann@example.com bo@example.com');
    expect(r.onClose).not.toHaveBeenCalled();
  });

  it('asks on the footer’s Close and the header’s ✕; Discard changes closes and says so', async () => {
    const r = renderInvite();
    await r.user.type(r.field(), 'ann@example.com');
    const footerClose = within(invite()).getByText('Close', { selector: '.button-row button' });
    await r.user.click(footerClose);
    expect(await screen.findByRole('dialog', { name: DISCARD_HEADING })).toBeTruthy();
    await r.user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(guard()).toBeNull());
    expect(r.field().value).toBe('ann@example.com');
    await r.user.click(invite().querySelector('.cds--modal-close') as HTMLElement);
    const ask = await screen.findByRole('dialog', { name: DISCARD_HEADING });
    await r.user.click(within(ask).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(r.onClose).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(announced()).toBe(DISCARDED));
  });

  it('stays open on a click outside it, the text kept', async () => {
    const r = renderInvite();
    await r.user.type(r.field(), 'ann@example.com');
    await r.user.click(invite().closest('.cds--modal') as HTMLElement);
    expect(guard()).toBeNull();
    expect(invite()).toBeTruthy();
    expect(r.field().value).toBe('ann@example.com');
    expect(r.onClose).not.toHaveBeenCalled();
  });

  it('closes at once when nothing was typed or chosen', async () => {
    const r = renderInvite();
    await waitFor(() => expect(document.activeElement).toBe(r.field()));
    await r.user.keyboard('{Escape}');
    expect(r.onClose).toHaveBeenCalledTimes(1);
    expect(guard()).toBeNull();
  });
});

describe('closing the bulk modal with a module chosen', () => {
  it('asks on Cancel and keeps the choice', async () => {
    const onClose = vi.fn();
    const { user } = renderWithApp(
      <BulkModal action="assign" ids={['u1']} modules={modules} onClose={onClose} onDone={vi.fn()} />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Module');
    await user.selectOptions(select, 'fitness');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: DISCARD_HEADING });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(guard()).toBeNull());
    expect(select.value).toBe('fitness');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('closing the user modal', () => {
  const trainee: User = makeUser({ id: 'u-1', user_name: 'ann@example.com', first_name: 'Ann', last_name: 'Lee' });

  function renderUser() {
    server.use(
      http.get('/api/admin/users/u-1', () => HttpResponse.json(trainee)),
      http.get('/api/admin/users/u-1/sign-in-method', () => HttpResponse.json({ method: 'password', linked_at: 0 })),
      http.get('/api/admin/users/u-1/sign-in', () =>
        HttpResponse.json({ failures: 0, locked_until: 0, trust_link_sent_at: 0, trust_link_used_at: 0 }),
      ),
      http.get('/api/admin/users/u-1/emails', () => HttpResponse.json({ emails: [] })),
    );
    const onClose = vi.fn();
    const rendered = renderWithApp(
      <UserModal user={trainee} currentUserId="admin" modules={modules} onClose={onClose} onChanged={vi.fn()} />,
    );
    return { ...rendered, onClose };
  }

  it('asks when a field holds text that cannot be saved, which was never sent', async () => {
    const sent = recordRequests();
    const { user, onClose } = renderUser();
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: DISCARD_HEADING });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.value).toBe('not-an-address');
    expect(onClose).not.toHaveBeenCalled();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('closes at once when every change could be saved', async () => {
    const { user, onClose } = renderUser();
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(guard()).toBeNull();
  });
});

/**
 * Escape with a date field's calendar open, in a modal: the calendar closes, and only it; the
 * modal, what was typed in it and the focus stay.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeModule } from '#testing/fixtures.ts';
import { renderWithApp } from '#testing/render.tsx';
import { InviteModal } from './invite-modal.tsx';

const modules = [makeModule({ id: 'fitness', game_title: 'Fitness Basics' })];

function renderInvite() {
  const onClose = vi.fn();
  const rendered = renderWithApp(<InviteModal modules={modules} onClose={onClose} />);
  const field = () => screen.getByLabelText<HTMLTextAreaElement>('E-mail addresses');
  return { ...rendered, onClose, field };
}

const invite = () => screen.getByRole('dialog', { name: 'Invite Users' });
const calendar = () => document.querySelector<HTMLElement>('.flatpickr-calendar');
/** Any second modal over the invite (a question before closing it). */
const others = () => screen.getAllByRole('dialog').filter((d) => d !== invite());

/** Types addresses, chooses the module and opens the due date's calendar by clicking its field. */
async function fillInvite(r: ReturnType<typeof renderInvite>) {
  await r.user.type(r.field(), 'ann@example.com bo@example.com');
  await r.user.selectOptions(screen.getByLabelText('Module for all invitees (optional)'), 'fitness');
  const due = screen.getByLabelText<HTMLInputElement>('Due date (optional)');
  await r.user.click(due);
  await waitFor(() => expect(calendar()?.classList.contains('open')).toBe(true));
  return due;
}

describe('Escape in an open calendar', () => {
  it('closes the calendar alone: the modal, its text and the focus stay', async () => {
    const r = renderInvite();
    const due = await fillInvite(r);
    await r.user.keyboard('{Escape}');
    expect(calendar()?.classList.contains('open')).toBe(false);
    expect(others()).toEqual([]);
    expect(invite()).toBeTruthy();
    expect(r.field().value).toBe('ann@example.com bo@example.com');
    expect(document.activeElement).toBe(due);
    expect(r.onClose).not.toHaveBeenCalled();
  });

  it('closes the calendar alone from a day of it too', async () => {
    const r = renderInvite();
    const due = await fillInvite(r);
    const day = calendar()?.querySelector<HTMLElement>('.flatpickr-day.today');
    day?.focus();
    expect(document.activeElement).toBe(day);
    await r.user.keyboard('{Escape}');
    expect(calendar()?.classList.contains('open')).toBe(false);
    expect(others()).toEqual([]);
    expect(document.activeElement).toBe(due);
    expect(r.onClose).not.toHaveBeenCalled();
  });
});

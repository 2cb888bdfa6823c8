/**
 * Escape with a date field's calendar open, in a modal: the calendar closes, and only it; the
 * modal, what was typed in it and the focus stay.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { calendar, fillInvite, renderInvite } from './invite-modal.testing.tsx';

const invite = () => screen.getByRole('dialog', { name: 'Invite Users' });
/** Any second modal over the invite (a question before closing it). */
const others = () => screen.getAllByRole('dialog').filter((d) => d !== invite());

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

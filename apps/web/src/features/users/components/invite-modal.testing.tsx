/** The invite modal as its component tests drive it: rendered, filled, its calendar open. */
import { expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeModule } from '#testing/fixtures.ts';
import { renderWithApp } from '#testing/render.tsx';
import { InviteModal } from './invite-modal.tsx';

export const modules = [makeModule({ id: 'fitness', game_title: 'Fitness Basics' })];

export function renderInvite() {
  const onClose = vi.fn();
  const rendered = renderWithApp(<InviteModal modules={modules} onClose={onClose} />);
  const field = () => screen.getByLabelText<HTMLTextAreaElement>('E-mail addresses');
  return { ...rendered, onClose, field };
}

export const calendar = () => document.querySelector<HTMLElement>('.flatpickr-calendar');

/** Types addresses, chooses the module and opens the due date's calendar by clicking its field. */
export async function fillInvite(r: ReturnType<typeof renderInvite>) {
  await r.user.type(r.field(), 'ann@example.com bo@example.com');
  await r.user.selectOptions(screen.getByLabelText('Module for all invitees (optional)'), 'fitness');
  const due = screen.getByLabelText<HTMLInputElement>('Due date (optional)');
  await r.user.click(due);
  await waitFor(() => expect(calendar()?.classList.contains('open')).toBe(true));
  return due;
}

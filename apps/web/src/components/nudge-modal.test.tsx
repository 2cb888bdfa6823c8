import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { renderWithApp } from '#testing/render.tsx';
import { errorAnswer, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { seriousViolations } from '#testing/axe.ts';
import { NudgeModal } from './nudge-modal.tsx';

describe('NudgeModal', () => {
  it('refuses a note over 500 characters with a clear error, sending nothing', async () => {
    const sent = recordRequests();
    renderWithApp(<NudgeModal userIds={['a', 'b']} onClose={() => {}} onDone={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send a reminder to 2 trainees' });
    const note = within(dialog).getByLabelText('Note (optional)');
    fireEvent.change(note, { target: { value: 'x'.repeat(501) } });
    expect(within(dialog).getByText('The note is 501 characters long: shorten it to 500 or fewer.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send reminder (2 trainees)' })).toHaveProperty('disabled', true);
    expect(sent).toEqual([]);
    expect(await seriousViolations()).toEqual([]);
  });

  it("keeps the note when the server refuses, and says why in the server's words", async () => {
    server.use(http.post('/api/admin/reminders/nudge', () => errorAnswer(400, 'user_ids: too many')));
    const onDone = vi.fn();
    const { user } = renderWithApp(<NudgeModal userIds={['a']} onClose={() => {}} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send a reminder to 1 trainee' });
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Due Friday.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reminder (1 trainee)' }));
    expect(await within(dialog).findByText('No reminder was sent.')).toBeTruthy();
    expect(within(dialog).getByText('user_ids: too many')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Note (optional)').value).toBe('Due Friday.');
    expect(onDone).not.toHaveBeenCalled();
  });
});

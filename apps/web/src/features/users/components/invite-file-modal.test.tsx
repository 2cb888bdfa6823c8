import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { InviteFileReport } from '@airman/contracts/invite-file.ts';
import { renderWithApp } from '#testing/render.tsx';
import { errorAnswer, gate, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { InviteFileModal } from './invite-file-modal.tsx';

const invitee = (line: number, email: string) => ({
  line,
  email,
  first_name: 'Ann',
  last_name: 'Lee',
  rank: 'SSgt',
  unit: '99 ABW',
  module: '',
  module_title: '',
  due: '',
});

const report = (overrides: Partial<InviteFileReport> = {}): InviteFileReport => ({
  applied: false,
  rows: 3,
  invitees: [invitee(2, 'ann@example.com')],
  existing: [{ line: 3, email: 'old@example.com' }],
  invalid: [{ line: 4, email: 'bad', reason: 'email: must be a valid e-mail address' }],
  ...overrides,
});

const csv = () => new File(['email\nann@example.com\n'], 'invitees.csv', { type: 'text/csv' });

function renderModal() {
  const onClose = vi.fn();
  const onApplied = vi.fn();
  const rendered = renderWithApp(<InviteFileModal onClose={onClose} onApplied={onApplied} />);
  const input = () => document.querySelector<HTMLInputElement>('input[type="file"]');
  return { ...rendered, onClose, onApplied, input };
}

const inviteButton = () =>
  screen.getAllByRole('button').find((b) => b.textContent?.startsWith('Invite')) as HTMLButtonElement;

describe('InviteFileModal', () => {
  it('checks the chosen file, shows the dry run, and moves focus to its summary', async () => {
    const sent = recordRequests();
    server.use(http.post('/api/admin/invite/file/check', () => HttpResponse.json(report())));
    const { user, input } = renderModal();
    expect(inviteButton()).toHaveProperty('disabled', true);
    await user.upload(input() as HTMLInputElement, csv());
    const summary = await screen.findByText('3 rows: 1 to invite, 1 already have an account, 1 invalid');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(
      within(screen.getByRole('region', { name: 'Invalid lines (not used)' })).getByText(
        'email: must be a valid e-mail address',
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Already have an account (nothing is done)' })).getByText(
        'old@example.com',
      ),
    ).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'To invite' })).getByText('Ann Lee')).toBeTruthy();
    expect(inviteButton().textContent).toBe('Invite 1 user');
    expect(sent[0]?.headers.get('content-type')).toBe('text/csv');
  });

  it('says the file is being checked while it is', async () => {
    const held = gate();
    server.use(
      http.post('/api/admin/invite/file/check', async () => {
        await held.wait;
        return HttpResponse.json(report());
      }),
    );
    const { user, input } = renderModal();
    await user.upload(input() as HTMLInputElement, csv());
    expect(await screen.findByText('Checking the file…')).toBeTruthy();
    held.open();
    await waitFor(() => expect(screen.queryByText('Checking the file…')).toBeNull());
  });

  it('counts the rest when there are more invitees than it shows', async () => {
    const many = Array.from({ length: 150 }, (_, i) => invitee(i + 2, `u${i}@example.com`));
    server.use(
      http.post('/api/admin/invite/file/check', () =>
        HttpResponse.json(report({ rows: 150, invitees: many, existing: [], invalid: [] })),
      ),
    );
    const { user, input } = renderModal();
    await user.upload(input() as HTMLInputElement, csv());
    const table = await screen.findByRole('region', { name: 'To invite (the first 100 of 150)' });
    expect(within(table).getAllByRole('row')).toHaveLength(101);
  });

  it('keeps Invite disabled when no line would invite anyone', async () => {
    server.use(http.post('/api/admin/invite/file/check', () => HttpResponse.json(report({ invitees: [], rows: 2 }))));
    const { user, input } = renderModal();
    await user.upload(input() as HTMLInputElement, csv());
    await screen.findByText('2 rows: 0 to invite, 1 already have an account, 1 invalid');
    expect(inviteButton()).toHaveProperty('disabled', true);
    expect(inviteButton().textContent).toBe('Invite');
  });

  it("says why a file cannot be used, in the server's words", async () => {
    server.use(http.post('/api/admin/invite/file/check', () => errorAnswer(400, 'The file has no email column.')));
    const { user, input } = renderModal();
    await user.upload(input() as HTMLInputElement, csv());
    expect(await screen.findByText('The file could not be used.')).toBeTruthy();
    expect(screen.getByText('The file has no email column.')).toBeTruthy();
    expect(inviteButton()).toHaveProperty('disabled', true);
  });

  it('applies the file and hands the report on', async () => {
    server.use(
      http.post('/api/admin/invite/file/check', () => HttpResponse.json(report())),
      http.post('/api/admin/invite/file', () => HttpResponse.json(report({ applied: true }))),
    );
    const { user, input, onApplied } = renderModal();
    await user.upload(input() as HTMLInputElement, csv());
    await screen.findByText('3 rows: 1 to invite, 1 already have an account, 1 invalid');
    await user.click(inviteButton());
    await waitFor(() => expect(onApplied).toHaveBeenCalledOnce());
    expect(onApplied.mock.calls[0]?.[0]).toMatchObject({ applied: true });
  });

  it('says it is inviting while it applies, with Invite disabled', async () => {
    const held = gate();
    server.use(
      http.post('/api/admin/invite/file/check', () => HttpResponse.json(report())),
      http.post('/api/admin/invite/file', async () => {
        await held.wait;
        return HttpResponse.json(report({ applied: true }));
      }),
    );
    const { user, input, onApplied } = renderModal();
    await user.upload(input() as HTMLInputElement, csv());
    await screen.findByText('3 rows: 1 to invite, 1 already have an account, 1 invalid');
    await user.click(inviteButton());
    expect(await screen.findByText('Inviting 1 user…')).toBeTruthy();
    expect(inviteButton()).toHaveProperty('disabled', true);
    held.open();
    await waitFor(() => expect(onApplied).toHaveBeenCalledOnce());
  });

  it('keeps the dry run and offers Invite again when applying fails', async () => {
    server.use(
      http.post('/api/admin/invite/file/check', () => HttpResponse.json(report())),
      http.post('/api/admin/invite/file', () => errorAnswer(409, 'ann@example.com was invited meanwhile.')),
    );
    const { user, input, onApplied } = renderModal();
    await user.upload(input() as HTMLInputElement, csv());
    await screen.findByText('3 rows: 1 to invite, 1 already have an account, 1 invalid');
    await user.click(inviteButton());
    expect(await screen.findByText('ann@example.com was invited meanwhile.')).toBeTruthy();
    expect(screen.getByText('3 rows: 1 to invite, 1 already have an account, 1 invalid')).toBeTruthy();
    expect(inviteButton()).toHaveProperty('disabled', false);
    expect(onApplied).not.toHaveBeenCalled();
  });

  it('closes without sending anything', async () => {
    const sent = recordRequests();
    const { user, onClose } = renderModal();
    await user.click(screen.getByText('Close', { selector: 'button' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(sent).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SignInStatus } from '@airman/contracts/user.ts';
import { renderWithApp } from '#testing/render.tsx';
import { errorAnswer, gate } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { SignInLock } from './sign-in-lock.tsx';

const PATH = '/api/admin/users/u1/sign-in';
const status = (overrides: Partial<SignInStatus> = {}): SignInStatus => ({
  failures: 0,
  locked_until: 0,
  trust_link_sent_at: 0,
  trust_link_used_at: 0,
  ...overrides,
});
const CLEARED = 'Failed sign-ins cleared. This account can sign in from anywhere again.';

describe('SignInLock', () => {
  it('shows nothing for an account without failures or links', async () => {
    let read = false;
    server.use(
      http.get(PATH, () => {
        read = true;
        return HttpResponse.json(status());
      }),
    );
    renderWithApp(<SignInLock userId="u1" />);
    await waitFor(() => expect(read).toBe(true));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/failed sign-in/)).toBeNull();
  });

  it('counts failures without a lock', async () => {
    server.use(http.get(PATH, () => HttpResponse.json(status({ failures: 1 }))));
    renderWithApp(<SignInLock userId="u1" />);
    expect(await screen.findByText('Failed sign-ins')).toBeTruthy();
    expect(screen.getByText('1 failed sign-in in the last hour.')).toBeTruthy();
  });

  it('says until when a locked account refuses new devices', async () => {
    const until = new Date(2030, 0, 1, 14, 5).getTime();
    server.use(http.get(PATH, () => HttpResponse.json(status({ failures: 5, locked_until: until }))));
    renderWithApp(<SignInLock userId="u1" />);
    expect(await screen.findByText('Sign-in locked for new devices')).toBeTruthy();
    const time = new Date(until).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
    expect(
      screen.getByText(
        `5 failed sign-ins in the last hour. Addresses and devices this user has not signed in from are refused until ${time}.`,
      ),
    ).toBeTruthy();
  });

  it('tells of a sign-in link e-mailed for a new device, and whether it was used', async () => {
    const sent = new Date(2030, 0, 1, 9, 30).getTime();
    server.use(http.get(PATH, () => HttpResponse.json(status({ trust_link_sent_at: sent }))));
    renderWithApp(<SignInLock userId="u1" />);
    expect(await screen.findByText('Sign-in link for a new device sent')).toBeTruthy();
    expect(screen.getByText(/It has not been used\.$/)).toBeTruthy();
  });

  it('clears the failures, shows the answer, and moves focus to the result as the button goes', async () => {
    server.use(
      http.get(PATH, () => HttpResponse.json(status({ failures: 3, locked_until: Date.now() + 60_000 }))),
      http.delete(PATH, () => HttpResponse.json(status())),
    );
    const { user } = renderWithApp(<SignInLock userId="u1" />);
    await user.click(await screen.findByRole('button', { name: 'Clear failed sign-ins' }));
    const result = await screen.findByText(CLEARED);
    expect(screen.queryByRole('button', { name: 'Clear failed sign-ins' })).toBeNull();
    expect(screen.queryByText('Sign-in locked for new devices')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(result));
  });

  it('disables the button while clearing', async () => {
    const held = gate();
    server.use(
      http.get(PATH, () => HttpResponse.json(status({ failures: 2 }))),
      http.delete(PATH, async () => {
        await held.wait;
        return HttpResponse.json(status());
      }),
    );
    const { user } = renderWithApp(<SignInLock userId="u1" />);
    const button = await screen.findByRole('button', { name: 'Clear failed sign-ins' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    held.open();
    await screen.findByText(CLEARED);
  });

  it('says when clearing failed, keeps the failures shown, and focuses the message', async () => {
    server.use(
      http.get(PATH, () => HttpResponse.json(status({ failures: 2 }))),
      http.delete(PATH, () => errorAnswer(400, 'id: not a valid id')),
    );
    const { user } = renderWithApp(<SignInLock userId="u1" />);
    await user.click(await screen.findByRole('button', { name: 'Clear failed sign-ins' }));
    const message = await screen.findByText('Error clearing failed sign-ins.');
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(screen.getByText('2 failed sign-ins in the last hour.')).toBeTruthy();
  });
});

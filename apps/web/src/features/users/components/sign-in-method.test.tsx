import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithApp, type Rendered } from '#testing/render.tsx';
import { errorAnswer, gate, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { SignInMethod } from './sign-in-method.tsx';

const PATH = '/api/admin/users/u1/sign-in-method';

/** Unlink, then the confirmation's Unlink. */
async function unlinkConfirmed(user: Rendered['user']): Promise<void> {
  await user.click(await screen.findByRole('button', { name: 'Unlink identity provider' }));
  const dialog = await screen.findByRole('dialog', { name: 'Unlink the identity provider?' });
  await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
}

describe('SignInMethod', () => {
  it.each([
    ['password', 'Password'],
    ['provider', 'Identity provider'],
    ['both', 'Password and identity provider'],
    ['none', 'None (no password and no identity provider)'],
  ] as const)('says %s in words', async (method, words) => {
    server.use(http.get(PATH, () => HttpResponse.json({ method, linked_at: null })));
    renderWithApp(<SignInMethod userId="u1" userName="Pat Doe" />);
    expect((await screen.findByTestId('sign-in-method')).textContent).toBe(words);
    expect(screen.queryByRole('button', { name: 'Unlink identity provider' })).toBeNull();
  });

  it('unlinks a linked provider, shows the answer, and puts focus on the result', async () => {
    server.use(
      http.get(PATH, () => HttpResponse.json({ method: 'both', linked_at: 1_700_000_000_000 })),
      http.delete('/api/admin/users/u1/provider-link', () =>
        HttpResponse.json({ method: 'password', linked_at: null }),
      ),
    );
    const { user } = renderWithApp(<SignInMethod userId="u1" userName="Pat Doe" />);
    await unlinkConfirmed(user);
    expect(await screen.findByText('Identity provider unlinked.')).toBeTruthy();
    expect(screen.getByTestId('sign-in-method').textContent).toBe('Password');
    expect(screen.queryByRole('button', { name: 'Unlink identity provider' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Identity provider unlinked.')));
  });

  it('disables the button while unlinking', async () => {
    const held = gate();
    server.use(
      http.get(PATH, () => HttpResponse.json({ method: 'both', linked_at: 1 })),
      http.delete('/api/admin/users/u1/provider-link', async () => {
        await held.wait;
        return HttpResponse.json({ method: 'password', linked_at: null });
      }),
    );
    const { user } = renderWithApp(<SignInMethod userId="u1" userName="Pat Doe" />);
    const button = await screen.findByRole('button', { name: 'Unlink identity provider' });
    await unlinkConfirmed(user);
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    held.open();
    await screen.findByText('Identity provider unlinked.');
  });

  it('says when unlinking failed, keeps the button, and focuses the message', async () => {
    server.use(
      http.get(PATH, () => HttpResponse.json({ method: 'both', linked_at: 1 })),
      http.delete('/api/admin/users/u1/provider-link', () => errorAnswer(409, 'The account has no password.')),
    );
    const { user } = renderWithApp(<SignInMethod userId="u1" userName="Pat Doe" />);
    await unlinkConfirmed(user);
    const message = await screen.findByText('Error unlinking the identity provider.');
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(screen.getByRole('button', { name: 'Unlink identity provider' })).toHaveProperty('disabled', false);
  });

  it('asks first: Cancel unlinks nothing and puts focus back on the button', async () => {
    const sent = recordRequests();
    server.use(http.get(PATH, () => HttpResponse.json({ method: 'both', linked_at: 1 })));
    const { user } = renderWithApp(<SignInMethod userId="u1" userName="Pat Doe" />);
    const button = await screen.findByRole('button', { name: 'Unlink identity provider' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Unlink the identity provider?' });
    expect(dialog.textContent).toContain('Pat Doe');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([]);
  });
});

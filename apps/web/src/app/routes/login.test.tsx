import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SignInOptions } from '@airman/contracts/sign-in.ts';
import { renderWithApp } from '#testing/render.tsx';
import { errorAnswer, gate, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { errorNotification as notification, titleOf } from '#testing/notifications.ts';
import { INVALID_CREDENTIALS_MESSAGE } from '#lib/auth/login-error.ts';
import { SIGN_IN_ERROR_MESSAGES } from '@airman/contracts/sign-in-errors.ts';
import { Component as Login } from './login.tsx';

function serveOptions(options: SignInOptions = { provider: null, passwords_for_all: true }) {
  server.use(http.get('/api/sign-in/options', () => HttpResponse.json(options)));
}

async function signIn(user: ReturnType<typeof renderWithApp>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/login', () => {
  it('says wrong credentials in the words of the spec, once, and sends the address trimmed', async () => {
    serveOptions();
    server.use(http.post('/api/login', () => errorAnswer(401, 'Wrong user name or password')));
    const sent = recordRequests();
    const { user } = renderWithApp(<Login />, { path: '/login' });
    await signIn(user, ' admin@example.com ', 'Wrong-Password-1');
    expect(titleOf(await notification())).toBe(INVALID_CREDENTIALS_MESSAGE);
    const logins = sent.filter((r) => r.path === '/api/login');
    // A refused sign-in is not tried again.
    expect(logins).toHaveLength(1);
    await waitFor(() =>
      expect(logins[0]?.body).toEqual({ user_name: 'admin@example.com', password: 'Wrong-Password-1' }),
    );
    // Still on the login page, what was typed kept.
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe(' admin@example.com ');
  });

  it('says too many failed attempts ask for a wait', async () => {
    serveOptions();
    server.use(http.post('/api/login', () => errorAnswer(429, 'Too many requests')));
    const { user } = renderWithApp(<Login />, { path: '/login' });
    await signIn(user, 'admin@example.com', 'Wrong-Password-1');
    expect(titleOf(await notification())).toBe(
      'There was an error with your login: too many failed attempts. Please wait a few minutes and try again.',
    );
  });

  it("says a sign-in held back by the account's lock in the server's words", async () => {
    serveOptions();
    const held = 'This account is locked for new devices. We sent you an e-mail with a link to let this one in.';
    server.use(
      http.post('/api/login', () => HttpResponse.json({ message: held, code: 'sign_in_held' }, { status: 429 })),
    );
    const { user } = renderWithApp(<Login />, { path: '/login' });
    await signIn(user, 'admin@example.com', 'Right-Password-1');
    expect(titleOf(await notification())).toBe(held);
  });

  it('keeps Sign In disabled while the call runs', async () => {
    serveOptions();
    const wait = gate();
    server.use(
      http.post('/api/login', async () => {
        await wait.wait;
        return errorAnswer(401, 'Wrong user name or password');
      }),
    );
    const { user } = renderWithApp(<Login />, { path: '/login' });
    await signIn(user, 'admin@example.com', 'Wrong-Password-1');
    const button = screen.getByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    wait.open();
    await notification();
    expect(button).toHaveProperty('disabled', false);
  });

  it("says why the identity provider's sign-in failed, from the address it came back to", async () => {
    serveOptions({ provider: 'Okta', passwords_for_all: true });
    renderWithApp(<Login />, { path: '/login?sign_in_error=denied' });
    expect(titleOf(await notification())).toBe('The identity provider did not sign you in. Nobody was signed in.');
    expect(await screen.findByRole('link', { name: 'Sign in with Okta' })).toBeTruthy();
  });

  it('ignores a reason it does not know, and says when passwords are for the last-resort administrator only', async () => {
    serveOptions({ provider: 'Okta', passwords_for_all: false });
    renderWithApp(<Login />, { path: '/login?sign_in_error=made-up' });
    expect(await screen.findByText('Password sign-in is for the administrator of last resort only.')).toBeTruthy();
    expect(document.querySelector('.cds--inline-notification')).toBeNull();
  });

  describe('back from the identity provider', () => {
    /** A token the web app would take for a live session. */
    function liveToken(): string {
      const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const now = Math.floor(Date.now() / 1000);
      return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ user_id: 'u1', user_role: 'user', tv: 0, iat: now, exp: now + 3600 })}.c2ln`;
    }
    const at = (hash: string) => window.history.replaceState(null, '', `/login${hash}`);

    it('signs nobody in with a token in the fragment of the address', async () => {
      serveOptions({ provider: 'Okta', passwords_for_all: true });
      const sent = recordRequests();
      at(`#provider_auth=${liveToken()}`);
      renderWithApp(<Login />, { path: '/login' });
      await screen.findByRole('link', { name: 'Sign in with Okta' });
      expect(localStorage.getItem('auth')).toBeNull();
      expect(sent.filter((r) => r.path.startsWith('/api/oidc'))).toEqual([]);
    });

    it('trades the code for a session with the server, and takes it out of the address', async () => {
      serveOptions({ provider: 'Okta', passwords_for_all: true });
      const token = liveToken();
      server.use(http.post('/api/oidc/session', () => HttpResponse.json({ auth: token })));
      const sent = recordRequests();
      at('#provider_code=one-time-code');
      renderWithApp(<Login />, { path: '/login' });
      await waitFor(() => expect(localStorage.getItem('auth')).toBe(token));
      expect(localStorage.getItem('auth_provider')).toBe('1');
      expect(window.location.hash).toBe('');
      const posted = sent.filter((r) => r.path === '/api/oidc/session');
      expect(posted).toHaveLength(1);
      await waitFor(() => expect(posted[0]?.body).toEqual({ code: 'one-time-code' }));
    });

    it("says why the server refused the code, in the refusal page's words", async () => {
      serveOptions({ provider: 'Okta', passwords_for_all: true });
      server.use(
        http.post('/api/oidc/session', () =>
          HttpResponse.json({ message: 'refused', code: 'handoff' }, { status: 400 }),
        ),
      );
      at('#provider_code=used-code');
      renderWithApp(<Login />, { path: '/login' });
      expect(titleOf(await notification())).toBe(SIGN_IN_ERROR_MESSAGES.handoff);
      expect(localStorage.getItem('auth')).toBeNull();
    });

    it("asks an administrator's password once before the first sign-in links the account", async () => {
      serveOptions({ provider: 'Okta', passwords_for_all: true });
      const token = liveToken();
      let tries = 0;
      server.use(
        http.post('/api/oidc/session', () =>
          HttpResponse.json({ password_needed: { user_name: 'admin@example.com' } }),
        ),
        http.post('/api/oidc/link', () => {
          tries += 1;
          return tries === 1
            ? HttpResponse.json({ message: 'Wrong password.', code: 'wrong_password' }, { status: 401 })
            : HttpResponse.json({ auth: token });
        }),
      );
      const sent = recordRequests();
      at('#provider_code=admin-code');
      const { user } = renderWithApp(<Login />, { path: '/login' });
      await screen.findByRole('heading', { name: 'Confirm your account' });
      const field = screen.getByLabelText('Password', { selector: 'input' });
      await waitFor(() => expect(document.activeElement).toBe(field));
      expect(localStorage.getItem('auth')).toBeNull();
      await user.type(field, 'Not-It-1');
      await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
      expect(titleOf(await notification())).toBe('Wrong password. Nothing was linked. Try again.');
      expect(localStorage.getItem('auth')).toBeNull();
      await user.clear(field);
      await user.type(field, 'Right-One-1');
      await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
      await waitFor(() => expect(localStorage.getItem('auth')).toBe(token));
      const links = sent.filter((r) => r.path === '/api/oidc/link');
      await waitFor(() => expect(links[1]?.body).toEqual({ code: 'admin-code', password: 'Right-One-1' }));
    });

    it('goes back to the sign-in form from the password step, focus in its first field', async () => {
      serveOptions({ provider: 'Okta', passwords_for_all: true });
      server.use(
        http.post('/api/oidc/session', () =>
          HttpResponse.json({ password_needed: { user_name: 'admin@example.com' } }),
        ),
      );
      at('#provider_code=admin-code');
      const { user } = renderWithApp(<Login />, { path: '/login' });
      await user.click(await screen.findByRole('button', { name: 'Cancel' }));
      await screen.findByRole('heading', { name: 'Sign In' });
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-mail')));
    });
  });
});

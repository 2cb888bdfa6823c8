import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { renderRoutes } from '#testing/render.tsx';
import { errorAnswer, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { errorNotification as notification, titleOf } from '#testing/notifications.ts';
import { Component as Register, INVITE_LOOKUP_FAILED, MISSING_INVITE_CODE } from './register.tsx';

function LoginPage() {
  return <p data-testid="login">{useLocation().pathname}</p>;
}

/** /register/:inviteCode? as the app routes it, with /login beside it, opened at `path`. */
function renderRegister(path: string) {
  return renderRoutes(
    [
      { path: '/register/:inviteCode?', element: <Register /> },
      { path: '/login', element: <LoginPage /> },
    ],
    path,
  );
}

const NEXT_STEP =
  'Check the code in your newest invite e-mail and enter it again, or sign in if you have already registered.';

describe('/register', () => {
  it('asks for an invite code, and refuses an empty one without looking it up', async () => {
    const sent = recordRequests();
    const { user } = renderRegister('/register');
    expect(screen.getByRole('heading', { name: 'Register', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Enter Invite Code' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Invite code' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Lookup' }));
    expect(titleOf(await notification())).toBe(MISSING_INVITE_CODE);
    expect(sent).toEqual([]);
    // Typing again takes the message away.
    await user.type(screen.getByRole('textbox', { name: 'Invite code' }), 'a');
    expect(screen.queryByText(MISSING_INVITE_CODE)).toBeNull();
  });

  it('looks up the code typed, trimmed, on its own address', async () => {
    server.use(http.get('/api/invite/code-42', () => HttpResponse.json({ user_name: 'new@example.com' })));
    const { user, router } = renderRegister('/register');
    await user.type(screen.getByRole('textbox', { name: 'Invite code' }), ' code-42 ');
    await user.click(screen.getByRole('button', { name: 'Lookup' }));
    expect(router.state.location.pathname).toBe('/register/code-42');
    // The registration form, for the invited address.
    expect(await screen.findByDisplayValue('new@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
  });

  it('says an unknown code has an issue, and leads on to another code or to signing in', async () => {
    server.use(http.get('/api/invite/unknown-code', () => errorAnswer(404, 'Invite not found')));
    const { user, router } = renderRegister('/register/unknown-code');
    const alert = await notification();
    expect(titleOf(alert)).toBe(INVITE_LOOKUP_FAILED);
    // A 404 says nothing more: whether a code exists is not told.
    expect(alert.textContent).not.toContain('Invite not found');
    expect(screen.getByText(NEXT_STEP)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Enter another code' }));
    expect(router.state.location.pathname).toBe('/register');
    expect(await screen.findByRole('textbox', { name: 'Invite code' })).toBeTruthy();
  });

  it('leads from a code that cannot be used to the login page', async () => {
    server.use(http.get('/api/invite/used-code', () => errorAnswer(401, 'Not authorized')));
    const { user } = renderRegister('/register/used-code');
    expect((await notification()).textContent).toContain(INVITE_LOOKUP_FAILED);
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect((await screen.findByTestId('login')).textContent).toBe('/login');
  });

  it("says an expired invite is expired, in the server's words", async () => {
    server.use(http.get('/api/invite/old-code', () => errorAnswer(410, 'This invite has expired. Ask for a new one.')));
    renderRegister('/register/old-code');
    const alert = await notification();
    expect(alert.textContent).toContain(INVITE_LOOKUP_FAILED);
    expect(alert.textContent).toContain('This invite has expired. Ask for a new one.');
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '#testing/fixtures.ts';
import { renderWithApp } from '#testing/render.tsx';
import { errorAnswer, gate, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { ProfileForm } from './profile-form.tsx';

const me = makeUser({ id: 'me', user_name: 'me@example.com', first_name: 'Ann', last_name: 'Lee', rank: '', unit: '' });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

function serveSelf() {
  server.use(
    http.post('/api/self', async ({ request }) => HttpResponse.json({ ...me, ...((await request.json()) as object) })),
  );
}

describe('ProfileForm', () => {
  it("shows the user's fields, with Save disabled until something changes", async () => {
    const { user } = renderWithApp(<ProfileForm user={me} />);
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Ann');
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('me@example.com');
    expect(saveButton()).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Unit'), 'X');
    expect(saveButton()).toHaveProperty('disabled', false);
  });

  it('refuses an emptied name before sending, in the words the server would use', async () => {
    const sent = recordRequests();
    const { user } = renderWithApp(<ProfileForm user={me} />);
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), '  ');
    await user.click(saveButton());
    expect(await screen.findByText('Error updating user settings.')).toBeTruthy();
    expect(screen.getByText('first_name: must not be empty')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('sends the parsed profile, says it was saved, and clears an earlier error', async () => {
    const sent = recordRequests();
    serveSelf();
    const { user } = renderWithApp(<ProfileForm user={me} />);
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(saveButton());
    await screen.findByText('last_name: must not be empty');
    await user.type(screen.getByLabelText('Last name'), ' Smith ');
    await user.click(saveButton());
    expect(await screen.findByText('User settings updated')).toBeTruthy();
    expect(screen.queryByText('Error updating user settings.')).toBeNull();
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
        first_name: 'Ann',
        last_name: 'Smith',
        user_name: 'me@example.com',
        unit: '',
        rank: '',
        sex: '',
      }),
    );
  });

  it('signs out after a change of the e-mail (spec §4), sent lower-cased', async () => {
    const sent = recordRequests();
    serveSelf();
    server.use(http.post('/api/logout', () => HttpResponse.json({})));
    const { user } = renderWithApp(<ProfileForm user={me} />);
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'Me.New@Example.com');
    await user.click(saveButton());
    await waitFor(() => expect(sent.some((r) => r.path === '/api/logout')).toBe(true));
    expect(sent[0]?.body).toMatchObject({ user_name: 'me.new@example.com' });
  });

  it("shows the server's refusal", async () => {
    server.use(http.post('/api/self', () => errorAnswer(409, 'That e-mail address is already in use.')));
    const { user } = renderWithApp(<ProfileForm user={me} />);
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'taken@example.com');
    await user.click(saveButton());
    expect(await screen.findByText('That e-mail address is already in use.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('taken@example.com');
  });

  it('keeps Save disabled while the call runs', async () => {
    const held = gate();
    server.use(
      http.post('/api/self', async () => {
        await held.wait;
        return HttpResponse.json(me);
      }),
    );
    server.use(http.get('/api/session', () => HttpResponse.json(me)));
    const { user } = renderWithApp(<ProfileForm user={me} />);
    await user.type(screen.getByLabelText('Unit'), 'X');
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', true));
    held.open();
    await screen.findByText('User settings updated');
  });
});

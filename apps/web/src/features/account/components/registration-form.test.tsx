import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithApp, type Rendered } from '#testing/render.tsx';
import { errorAnswer, gate, recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { RegistrationForm } from './registration-form.tsx';

const PATH = '/api/register/code-1';
const GOOD_PASSWORD = 'Str0ng!pass';

function renderForm() {
  return renderWithApp(<RegistrationForm code="code-1" email="new@example.com" />, { path: '/register/code-1' });
}

const registerButton = () => screen.getByRole('button', { name: 'Register' });

async function chooseRank(user: Rendered['user'], text: string, option: string) {
  await user.type(screen.getByRole('combobox', { name: 'Rank' }), text);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Fills every required field; `password` and `confirmation` as given. */
async function fill(user: Rendered['user'], password = GOOD_PASSWORD, confirmation = password) {
  await chooseRank(user, 'Staff', 'Staff Sergeant (SSgt, E-5)');
  await user.type(screen.getByLabelText('First name'), ' Ann ');
  await user.type(screen.getByLabelText('Last name'), ' Lee ');
  await user.type(screen.getByLabelText('Unit'), ' 99 ABW ');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), confirmation);
}

describe('RegistrationForm', () => {
  it('says what is required before the fields, and shows the invited address read-only', () => {
    renderForm();
    expect(screen.getByText('Rank, first name, last name and password are required; unit is optional.')).toBeTruthy();
    const email = screen.getByLabelText<HTMLInputElement>('E-mail');
    expect(email.value).toBe('new@example.com');
    expect(email.readOnly).toBe(true);
    expect(registerButton()).toHaveProperty('disabled', true);
  });

  it('enables Register once the request passes the register schema and the passwords match', async () => {
    const { user } = renderForm();
    await fill(user);
    await waitFor(() => expect(registerButton()).toHaveProperty('disabled', false));
  });

  it('keeps Register disabled for a password the policy refuses, item by item', async () => {
    const { user } = renderForm();
    await fill(user, 'weakpass');
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    expect(checklist.textContent).toContain('A capital letter (not met)');
    expect(checklist.textContent).toContain('A number (not met)');
    expect(checklist.textContent).toContain('Both passwords match (met)');
    expect(registerButton()).toHaveProperty('disabled', true);
  });

  it('keeps Register disabled while the passwords differ', async () => {
    const { user } = renderForm();
    await fill(user, GOOD_PASSWORD, `${GOOD_PASSWORD}x`);
    expect(screen.getByRole('list', { name: 'Password requirements' }).textContent).toContain(
      'Both passwords match (not met)',
    );
    expect(registerButton()).toHaveProperty('disabled', true);
  });

  it('keeps Register disabled for a blank name', async () => {
    const { user } = renderForm();
    await chooseRank(user, 'Staff', 'Staff Sergeant (SSgt, E-5)');
    await user.type(screen.getByLabelText('First name'), '   ');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), GOOD_PASSWORD);
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), GOOD_PASSWORD);
    expect(registerButton()).toHaveProperty('disabled', true);
  });

  it('sends the request as the schema parses it, anonymously, and goes to the login page', async () => {
    const sent = recordRequests();
    server.use(http.post(PATH, () => HttpResponse.json({})));
    localStorage.setItem('auth', 'someone-elses-token');
    const { user } = renderForm();
    await fill(user);
    await user.click(registerButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() =>
      expect(sent[0]?.body).toEqual({
        rank: 'SSgt',
        unit: '99 ABW',
        first_name: 'Ann',
        last_name: 'Lee',
        password: GOOD_PASSWORD,
      }),
    );
    expect(sent[0]?.headers.get('Authorization')).toBeNull();
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/login');
  });

  it('keeps Register disabled while the call runs', async () => {
    const held = gate();
    server.use(
      http.post(PATH, async () => {
        await held.wait;
        return HttpResponse.json({});
      }),
    );
    const { user } = renderForm();
    await fill(user);
    await user.click(registerButton());
    await waitFor(() => expect(registerButton()).toHaveProperty('disabled', true));
    held.open();
  });

  it('says an invite that does not allow registering is not authorized', async () => {
    server.use(http.post(PATH, () => errorAnswer(401, 'Invite code not valid')));
    const { user } = renderForm();
    await fill(user);
    await user.click(registerButton());
    expect(await screen.findByText('You are not authorized to create an account')).toBeTruthy();
    // What was typed stays, to try again.
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe(' Ann ');
  });

  it('says any other failure is unexpected, and does not send it again by itself', async () => {
    let calls = 0;
    server.use(
      http.post(PATH, () => {
        calls += 1;
        return errorAnswer(503, 'The database cannot be reached.', { 'Retry-After': '0' });
      }),
    );
    const { user } = renderForm();
    await fill(user);
    await user.click(registerButton());
    expect(await screen.findByText('Unexpected Error Registering')).toBeTruthy();
    expect(calls).toBe(1);
    expect(registerButton()).toHaveProperty('disabled', false);
  });
});

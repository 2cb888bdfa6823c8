/** The registration form of spec §2 and §5, for an invite code that was found. */
import { useCallback, useState, type FormEvent } from 'react';
import { Button, Form, TextInput } from '@carbon/react';
import { useNavigate } from 'react-router';
import { registerRequestSchema } from '@airman/contracts/api.ts';
import { ApiError } from '#lib/api-client.ts';
import { NewPasswordFields, useNewPassword } from '#components/password-checklist.tsx';
import { RankSelect } from '#components/rank-select.tsx';
import { UnitInput } from '#components/unit-input.tsx';
import type { LoginNotice } from '#lib/auth/components/route-guards.tsx';
import { useRegister } from '../api/register.ts';
import { ErrorNotice } from '#components/error-notice.tsx';

export const REGISTRATION_SUCCESS = 'Registration successful, please login';

function registerErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 401
    ? 'You are not authorized to create an account'
    : 'Unexpected Error Registering';
}

export function RegistrationForm({ code, email }: { code: string; email: string }) {
  const navigate = useNavigate();
  const mutation = useRegister();
  const [rank, setRank] = useState('');
  const [unit, setUnit] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const newPassword = useNewPassword();
  // The request as the server will check it (registerRequestSchema); the checklist also wants the password twice.
  const request = registerRequestSchema.safeParse({
    rank,
    unit,
    first_name: firstName,
    last_name: lastName,
    password: newPassword.password,
  });
  const canRegister = request.success && newPassword.met && !mutation.isPending;

  // A phone's keyboard may still cover the form's end when the answer comes: bring the alert into view.
  const alertShown = useCallback((node: HTMLDivElement | null) => node?.scrollIntoView({ block: 'nearest' }), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canRegister || !request.success) return;
    mutation.mutate(
      // Parsed: names and unit trimmed, as the server stores them.
      { code, body: request.data },
      {
        onSuccess: () => {
          const notice: LoginNotice = { kind: 'success', text: REGISTRATION_SUCCESS };
          // The login form starts with the address just registered.
          void navigate('/login', { replace: true, state: { notice, email } });
        },
      },
    );
  }

  return (
    <Form onSubmit={submit} className="form-stack" aria-label="Registration">
      {/* WCAG 3.3.2: what Register waits for, said before the fields. */}
      <p className="form-note">Rank, first name, last name and password are required; unit is optional.</p>
      <TextInput id="register-email" labelText="E-mail" value={email} readOnly />
      <RankSelect id="register-rank" value={rank} onChange={setRank} required />
      <UnitInput id="register-unit" value={unit} onChange={setUnit} />
      <TextInput
        id="register-first-name"
        labelText="First name"
        autoComplete="given-name"
        value={firstName}
        onChange={(e) => setFirstName(e.target.value)}
        required
      />
      <TextInput
        id="register-last-name"
        labelText="Last name"
        autoComplete="family-name"
        value={lastName}
        onChange={(e) => setLastName(e.target.value)}
        required
      />
      <NewPasswordFields
        ids={{
          password: 'register-password',
          confirmation: 'register-confirmation',
          checklist: 'register-password-checklist',
        }}
        labels={{ password: 'Password', confirmation: 'Confirm password' }}
        {...newPassword.fields}
      />
      {/* Beside the Register button just pressed, at the bottom of a long form: where it is seen. */}
      {mutation.isError && (
        <div ref={alertShown}>
          <ErrorNotice title={registerErrorMessage(mutation.error)} />
        </div>
      )}
      <Button type="submit" disabled={!canRegister}>
        Register
      </Button>
    </Form>
  );
}

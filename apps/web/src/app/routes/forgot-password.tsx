/** /forgot-password: ask for a reset link by e-mail (beyond the spec; users expect it). */
import { useState, type FormEvent } from 'react';
import { Button, Form, InlineNotification, TextInput } from '@carbon/react';
import { Link } from 'react-router';
import { useForgotPassword } from '#features/account/api/forgot-password.ts';
import { PageHeading } from '#components/page-heading.tsx';
import '#styles/forms.scss';

export function Component() {
  const [email, setEmail] = useState('');
  const mutation = useForgotPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (email.trim()) mutation.mutate({ user_name: email.trim() });
  }

  return (
    <div className="form-page">
      <PageHeading>Forgot password</PageHeading>
      <Form onSubmit={submit} className="form-stack" aria-label="Forgot password">
        {mutation.isSuccess && (
          <InlineNotification kind="success" title={mutation.data.message} lowContrast hideCloseButton role="status" />
        )}
        {mutation.isError && (
          <InlineNotification kind="error" title={mutation.error.message} lowContrast hideCloseButton role="alert" />
        )}
        <TextInput
          id="forgot-email"
          labelText="E-mail"
          type="text"
          inputMode="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <Button type="submit" disabled={mutation.isPending || email.trim() === ''}>
          Send Reset Link
        </Button>
        <p>
          <Link to="/login">Back to Sign In</Link>
        </p>
      </Form>
    </div>
  );
}

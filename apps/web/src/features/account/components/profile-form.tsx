/** The account form of /profile (spec §2): names, e-mail, unit, rank, sex. */
import { useState, type FormEvent } from 'react';
import { Button, Form, Select, SelectItem, TextInput } from '@carbon/react';
import { selfProfileRequestSchema } from '@airman/contracts/api.ts';
import { SEX_OPTIONS, type Sex } from '@airman/contracts/constants.ts';
import { describeZodError } from '@airman/contracts/zod-error.ts';
import type { User } from '@airman/contracts/user.ts';
import { RankSelect } from '#components/rank-select.tsx';
import { useToast } from '#components/toasts.tsx';
import { UnitInput } from '#components/unit-input.tsx';
import { useAuth } from '#lib/auth/auth-context.tsx';
import { useRefreshSession, useUpdateSelf } from '../api/update-self.ts';
import { ErrorNotice } from '#components/error-notice.tsx';

const SEX_LABELS: Record<Sex, string> = { '': 'Not specified', M: 'M', F: 'F' };

export function ProfileForm({ user }: { user: User }) {
  const toast = useToast();
  const { signOut } = useAuth();
  const mutation = useUpdateSelf();
  const refreshSession = useRefreshSession();
  const [form, setForm] = useState({
    first_name: user.first_name,
    last_name: user.last_name,
    user_name: user.user_name,
    unit: user.unit,
    rank: user.rank,
    sex: user.sex,
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const changed = (Object.keys(form) as (keyof typeof form)[]).some((k) => form[k] !== user[k]);
  // What the server's check of the same schema would refuse, said before sending (in its words).
  const [refused, setRefused] = useState<string | null>(null);
  const problem = refused ?? (mutation.isError ? mutation.error.message : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const request = selfProfileRequestSchema.safeParse(form);
    if (!request.success) {
      mutation.reset();
      setRefused(describeZodError(request.error));
      return;
    }
    setRefused(null);
    // Parsed: names trimmed, the e-mail trimmed and lower-cased, as the server stores them.
    const emailChanged = request.data.user_name !== user.user_name;
    mutation.mutate(request.data, {
      onSuccess: () => {
        toast({ kind: 'success', title: 'User settings updated' });
        // The server revoked the session with the old e-mail (spec §4: changing one's own e-mail logs out).
        if (emailChanged) void signOut();
        else void refreshSession();
      },
    });
  }

  return (
    <Form onSubmit={submit} className="form-stack" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      {problem !== null && <ErrorNotice title="Error updating user settings." subtitle={problem} />}
      <TextInput
        id="profile-first-name"
        labelText="First name"
        autoComplete="given-name"
        value={form.first_name}
        onChange={(e) => set('first_name', e.target.value)}
      />
      <TextInput
        id="profile-last-name"
        labelText="Last name"
        autoComplete="family-name"
        value={form.last_name}
        onChange={(e) => set('last_name', e.target.value)}
      />
      <TextInput
        id="profile-email"
        labelText="E-mail"
        type="email"
        autoComplete="email"
        helperText="Your user name. Changing it signs you out."
        value={form.user_name}
        onChange={(e) => set('user_name', e.target.value)}
      />
      <UnitInput id="profile-unit" value={form.unit} onChange={(v) => set('unit', v)} />
      <RankSelect id="profile-rank" value={form.rank} onChange={(v) => set('rank', v)} />
      <Select id="profile-sex" labelText="Sex" value={form.sex} onChange={(e) => set('sex', e.target.value as Sex)}>
        {SEX_OPTIONS.map((s) => (
          <SelectItem key={s} value={s} text={SEX_LABELS[s]} />
        ))}
      </Select>
      <Button type="submit" disabled={!changed || mutation.isPending}>
        Save
      </Button>
    </Form>
  );
}

/** An administrator's weekly digest e-mail of overdue trainees, on or off (Profile). */
import { Toggle, ToggleSkeleton } from '@carbon/react';
import { useToast } from '#components/toasts.tsx';
import { useEmailSettings } from '../api/get-email-settings.ts';
import { useSaveEmailSettings } from '../api/save-email-settings.ts';
import { ErrorNotice } from '#components/error-notice.tsx';

export function DigestSetting() {
  const toast = useToast();
  const settings = useEmailSettings();
  const save = useSaveEmailSettings();
  return (
    <section className="form-stack" aria-labelledby="email-title">
      <h2 id="email-title">E-mail</h2>
      {settings.isError && <ErrorNotice title="Error loading e-mail settings." subtitle={settings.error.message} />}
      {save.isError && <ErrorNotice title="Error updating user settings." subtitle={save.error.message} />}
      {settings.data ? (
        <Toggle
          id="profile-email-digest"
          labelText="Weekly digest of overdue trainees"
          labelA="Off"
          labelB="On"
          toggled={save.isPending ? save.variables.email_digest : settings.data.email_digest}
          disabled={save.isPending}
          onToggle={(on) =>
            save.mutate(
              { email_digest: on },
              { onSuccess: () => toast({ kind: 'success', title: 'User settings updated' }) },
            )
          }
        />
      ) : (
        !settings.isError && <ToggleSkeleton />
      )}
      <p className="form-note">Sent to administrators every week: trainees past due, by module and unit.</p>
    </section>
  );
}

/** /profile: User Settings — the account form and the Password Reset form (spec §2). */
// The account form checks its request with zod (selfProfileRequestSchema): jitless before any parse.
import '@airman/contracts/zod-setup.ts';
import { ProfileForm } from '#features/account/components/profile-form.tsx';
import { PasswordResetForm } from '#features/account/components/password-reset-form.tsx';
import { DigestSetting } from '#features/account/components/digest-setting.tsx';
import { Link } from 'react-router';
import { useCurrentUser } from '#lib/auth/current-user.tsx';
import { PageHeading } from '#components/page-heading.tsx';
import '#styles/forms.scss';

export function Component() {
  const user = useCurrentUser();
  return (
    <div className="form-page">
      <PageHeading>User Settings</PageHeading>
      <p>
        Your runs, results and certificates are on{' '}
        <Link className="cds--link cds--link--inline" to="/record">
          My record
        </Link>
        .
      </p>
      {/* Remount with the saved values after each save. */}
      <ProfileForm
        key={JSON.stringify([user.first_name, user.last_name, user.user_name, user.unit, user.rank, user.sex])}
        user={user}
      />
      <div className="form-separator" />
      <PasswordResetForm />
      {user.role === 'admin' && (
        <>
          <div className="form-separator" />
          <DigestSetting />
        </>
      )}
    </div>
  );
}

/** /followup/:module: the follow-up questionnaire of a completed module, alone (its e-mail's link). */
import { useParams } from 'react-router';
import { PageHeading } from '#components/page-heading.tsx';
import { useFollowup } from '#features/followup/api/followup.ts';
import { FollowupForm } from '#features/followup/components/followup-form.tsx';
import '#styles/followup.scss';
import { ErrorNotice } from '#components/error-notice.tsx';

export function Component() {
  const module = useParams().module ?? '';
  const followup = useFollowup(module);
  return (
    <div className="followup-page">
      <PageHeading id="followup-heading">
        {followup.data ? `${followup.data.title}: a few questions` : 'Follow-up questionnaire'}
      </PageHeading>
      {followup.data && (
        <p>
          You completed this module on {new Date(followup.data.completed_at).toLocaleDateString()}. Your answers show
          your training team what stayed with you.
        </p>
      )}
      {followup.isPending && <p role="status">Loading the questionnaire…</p>}
      {followup.isError && (
        <ErrorNotice title="The questionnaire could not be loaded." subtitle={followup.error.message} />
      )}
      {followup.data && <FollowupForm followup={followup.data} />}
    </div>
  );
}

/** In the user modal: the e-mails sent to the user (kind, date, delivered or not), newest first. */
import { InlineNotification } from '@carbon/react';
import { EMAIL_KIND_LABELS, EMAIL_STATE_LABELS } from '@airman/contracts/emails.ts';
import { useUserEmails } from '../api/get-user-emails.ts';
import { SimpleTable } from '#components/simple-table.tsx';

const when = (ms: number) => new Date(ms).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

export function EmailHistory({ userId }: { userId: string }) {
  const history = useUserEmails(userId);
  const emails = history.data?.emails;
  return (
    <section aria-labelledby="emails-title" className="email-history">
      <h3 id="emails-title">E-mails</h3>
      {history.isError && (
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          title="Error loading e-mails."
          subtitle={history.error.message}
        />
      )}
      {history.isPending && <p>Loading e-mails…</p>}
      {emails && emails.length === 0 && <p>No E-mails</p>}
      {emails && emails.length > 0 && (
        <SimpleTable headers={['E-mail', 'Subject', 'Sent', 'Delivered']} scroll="plain">
          {emails.map((e) => (
            <tr key={e.id}>
              <td>{EMAIL_KIND_LABELS[e.kind]}</td>
              <td>{e.subject}</td>
              <td>{when(e.created_at)}</td>
              <td>{e.state === 'delivered' ? `Delivered ${when(e.delivered_at)}` : EMAIL_STATE_LABELS[e.state]}</td>
            </tr>
          ))}
        </SimpleTable>
      )}
    </section>
  );
}

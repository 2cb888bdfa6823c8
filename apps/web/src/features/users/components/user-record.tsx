/** In the user modal: the trainee's transcript (every run and certificate) and its CSV. */
import { Button, InlineNotification } from '@carbon/react';
import { useToast } from '#components/toasts.tsx';
import { RecordView } from '#components/record-view.tsx';
import { downloadRecordCsv, useUserRecord } from '../api/get-user-record.ts';

export function UserRecord({ userId, userName }: { userId: string; userName: string }) {
  const record = useUserRecord(userId);
  const toast = useToast();
  const download = async () => {
    try {
      const name = await downloadRecordCsv(userId);
      toast({ kind: 'success', title: `Record downloaded: ${name}` });
    } catch (e) {
      toast({
        kind: 'error',
        title: 'The record could not be downloaded.',
        subtitle: e instanceof Error ? e.message : String(e),
      });
    }
  };
  return (
    <section aria-labelledby="record-title" className="user-record">
      <h3 id="record-title">Record</h3>
      <Button kind="tertiary" size="sm" onClick={() => void download()}>
        Download record (CSV) <span className="visually-hidden">of {userName}</span>
      </Button>
      {record.isError && (
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          title="Error loading the record."
          subtitle={record.error.message}
        />
      )}
      {record.isPending && <p>Loading the record…</p>}
      {record.data && <RecordView record={record.data} level={4} />}
    </section>
  );
}

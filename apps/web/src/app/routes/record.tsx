/** /record: "My record", the trainee's own training record with every run and certificate. */
import { PageHeading } from '#components/page-heading.tsx';
import { RecordView } from '#components/record-view.tsx';
import { downloadCertificate, useOwnRecord } from '#features/record/api/record.ts';
import { ErrorNotice } from '#components/error-notice.tsx';

export function Component() {
  const record = useOwnRecord();
  return (
    <div className="record-page">
      <PageHeading>My record</PageHeading>
      <p className="record-page__lead">
        Every module assigned to you, each run you played, and the certificate of each completion.
      </p>
      {record.isPending && <p role="status">Loading your record…</p>}
      {record.isError && <ErrorNotice title="Your record could not be loaded." subtitle={record.error.message} />}
      {record.data && <RecordView record={record.data} level={2} download={downloadCertificate} />}
    </div>
  );
}

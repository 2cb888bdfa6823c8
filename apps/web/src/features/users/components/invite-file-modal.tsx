/** Invite from a file: choose a CSV, see the dry run (to invite, existing, invalid lines with reasons), then apply. */
// It parses with zod, loaded with this dialog: jitless before any parse (contracts' zod-setup.ts).
import '@airman/contracts/zod-setup.ts';
import { useRef, useState } from 'react';
import { Button, FileUploader } from '@carbon/react';
import {
  INVITE_FILE_COLUMNS,
  INVITE_FILE_MAX_BYTES,
  INVITE_FILE_MAX_ROWS,
  type InviteFileReport,
} from '@airman/contracts/invite-file.ts';
import { AppModal } from '#components/app-modal.tsx';
import { useDiscardGuard } from '#components/discard-guard.tsx';
import { useApplyInviteFile } from '../api/apply-invite-file.ts';
import { useCheckInviteFile } from '../api/check-invite-file.ts';
import { usersCount } from './bulk-labels.ts';
import { SimpleTable } from '#components/simple-table.tsx';
import { ErrorNotice } from '#components/error-notice.tsx';

/** Rows of the "to invite" table shown; the rest are counted. */
const SHOWN = 100;

interface Props {
  onClose(): void;
  onApplied(report: InviteFileReport): void;
}

export function InviteFileModal({ onClose, onApplied }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const summary = useRef<HTMLHeadingElement>(null);
  const checking = useCheckInviteFile({
    // The dry run's summary takes focus: it is what the person reads next (and it is announced).
    onSuccess: () => requestAnimationFrame(() => summary.current?.focus()),
  });
  const applying = useApplyInviteFile();
  // The dry run of the file chosen now (none once it is removed).
  const report: InviteFileReport | null = file && checking.variables === file ? (checking.data ?? null) : null;
  const error = file === null ? '' : ((applying.error ?? checking.error)?.message ?? '');

  function check(chosen: File) {
    setFile(chosen);
    applying.reset();
    checking.mutate(chosen);
  }

  function apply() {
    if (!file) return;
    applying.mutate(file, { onSuccess: onApplied });
  }

  const toInvite = report?.invitees.length ?? 0;
  // A file checked with invitees in it and not applied: closing asks first.
  const { requestClose, guard } = useDiscardGuard(toInvite > 0 && !applying.isPending && !applying.isSuccess, onClose, {
    message: 'The checked file has not been applied: nobody was invited. Closing now loses it.',
  });
  return (
    <>
      <AppModal open passiveModal modalHeading="Invite from a file" onRequestClose={requestClose} size="lg">
        <div className="form-stack invite-file">
          <FileUploader
            labelTitle="CSV file"
            labelDescription={`A header row naming the columns ${INVITE_FILE_COLUMNS.join(', ')} (email required; due as YYYY-MM-DD; module by title or id), then one invitee a line. At most ${INVITE_FILE_MAX_ROWS.toLocaleString()} rows and ${INVITE_FILE_MAX_BYTES / 1024 / 1024} MB.`}
            buttonLabel="Choose file"
            buttonKind="tertiary"
            accept={['.csv', 'text/csv']}
            filenameStatus={checking.isPending ? 'uploading' : 'edit'}
            iconDescription="Remove the file"
            size="md"
            onChange={(event) => {
              const chosen = (event.target as HTMLInputElement | null)?.files?.[0];
              if (chosen) check(chosen);
            }}
            onDelete={() => {
              setFile(null);
              checking.reset();
              applying.reset();
            }}
          />
          <div role="status" aria-live="polite" className="invite-file__status">
            {checking.isPending && 'Checking the file…'}
            {applying.isPending && `Inviting ${usersCount(toInvite)}…`}
          </div>
          {error && <ErrorNotice title="The file could not be used." subtitle={error} />}
          {report && (
            <section aria-labelledby="invite-file-summary">
              <h3
                id="invite-file-summary"
                ref={summary}
                tabIndex={-1}
                className="invite-file__summary"
                aria-live="polite"
              >
                {`${report.rows.toLocaleString()} rows: ${toInvite.toLocaleString()} to invite, ${report.existing.length.toLocaleString()} already have an account, ${report.invalid.length.toLocaleString()} invalid`}
              </h3>
              {report.invalid.length > 0 && (
                <FileTable
                  caption="Invalid lines (not used)"
                  header={['Line', 'E-mail', 'Reason']}
                  rows={report.invalid.map((r) => [String(r.line), r.email, r.reason])}
                />
              )}
              {report.existing.length > 0 && (
                <FileTable
                  caption="Already have an account (nothing is done)"
                  header={['Line', 'E-mail']}
                  rows={report.existing.map((r) => [String(r.line), r.email])}
                />
              )}
              {toInvite > 0 && (
                <FileTable
                  caption={
                    toInvite > SHOWN ? `To invite (the first ${SHOWN} of ${toInvite.toLocaleString()})` : 'To invite'
                  }
                  header={['Line', 'E-mail', 'Name', 'Rank', 'Unit', 'Module', 'Due']}
                  rows={report.invitees
                    .slice(0, SHOWN)
                    .map((r) => [
                      String(r.line),
                      r.email,
                      `${r.first_name} ${r.last_name}`.trim(),
                      r.rank,
                      r.unit,
                      r.module_title,
                      r.due,
                    ])}
                />
              )}
            </section>
          )}
          <div className="button-row">
            <Button kind="secondary" onClick={requestClose}>
              Close
            </Button>
            <Button
              disabled={checking.isPending || applying.isPending || applying.isSuccess || !report || toInvite === 0}
              onClick={apply}
            >
              {toInvite > 0 ? `Invite ${usersCount(toInvite)}` : 'Invite'}
            </Button>
          </div>
        </div>
      </AppModal>
      {/* After the modal: Carbon takes the last open modal in the page for the topmost. */}
      {guard}
    </>
  );
}

function FileTable({ caption, header, rows }: { caption: string; header: string[]; rows: string[][] }) {
  return (
    // Scrolls inside its box on a phone; focusable so that the keyboard can scroll it too.
    <SimpleTable
      headers={header}
      caption={caption}
      captionClassName="invite-file__caption"
      scroll={{ label: caption, className: 'invite-file__table' }}
    >
      {rows.map((cells, i) => (
        <tr key={i}>
          {cells.map((c, j) => (
            <td key={j}>{c}</td>
          ))}
        </tr>
      ))}
    </SimpleTable>
  );
}

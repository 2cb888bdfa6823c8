/**
 * A training record as it reads on "My record" and in the user modal: for each assigned module
 * its status, due and completed dates, best result, renewal and certificate, then every run.
 */
import { useState } from 'react';
import { Button, Tag } from '@carbon/react';
import type { RecordAssignment, TrainingRecord } from '@airman/contracts/record.ts';
import { SimpleTable } from '#components/simple-table.tsx';
import { useToast } from '#components/toasts.tsx';
import {
  RECORD_STATUS_LABELS,
  RUN_OUTCOME_LABELS,
  formatDay,
  formatMoment,
  starGlyphs,
  starsText,
} from './record-format.ts';
import '#styles/record.scss';

/** The public page that shows what a certificate code stands for. */
export const verifyUrl = (code: string) => `${window.location.origin}/verify/${encodeURIComponent(code)}`;

interface Props {
  record: TrainingRecord;
  /** The heading level of each module's name: 2 on a page, 4 under the modal's "Record". */
  level: 2 | 4;
  /** Downloads a certificate (the trainee's own record) and resolves with the file's name; absent for an administrator. */
  download?: (code: string) => Promise<string>;
}

export function RecordView({ record, level, download }: Props) {
  if (record.assignments.length === 0) return <p>No training is assigned yet.</p>;
  return (
    <div className="record">
      {record.assignments.map((a) => (
        <RecordModule key={a.module} assignment={a} level={level} download={download} />
      ))}
    </div>
  );
}

function RecordModule({ assignment: a, level, download }: { assignment: RecordAssignment } & Omit<Props, 'record'>) {
  const Heading = level === 2 ? 'h2' : 'h4';
  const Sub = level === 2 ? 'h3' : 'h5';
  const id = `record-${a.module}`;
  return (
    <section aria-labelledby={id} className="record__module">
      <Heading id={id} className="record__title">
        {a.title}
      </Heading>
      <dl className="record__facts">
        <div>
          <dt>Status</dt>
          <dd>
            {RECORD_STATUS_LABELS[a.status]}
            {a.late && (
              <Tag type="magenta" size="sm" className="record__late">
                Late
              </Tag>
            )}
          </dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd>{a.due_at > 0 ? formatDay(a.due_at) : 'No due date'}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{formatDay(a.completed_at)}</dd>
        </div>
        <div>
          <dt>Best result</dt>
          <dd>{a.best ? `${a.best.score} points, ${starsText(a.best.stars)}` : '—'}</dd>
        </div>
        {a.renews_at > 0 && (
          <div>
            <dt>Due again</dt>
            <dd>{formatDay(a.renews_at)}</dd>
          </div>
        )}
      </dl>
      {a.certificate && <Certificate title={a.title} certificate={a.certificate} download={download} Heading={Sub} />}
      <Sub className="record__subtitle">Runs</Sub>
      {a.runs.length === 0 ? (
        <p>No runs yet.</p>
      ) : (
        <SimpleTable
          headers={['Started', 'Finished', 'Outcome', 'Score', 'Stars']}
          caption={`Runs of ${a.title}, newest first`}
          captionHidden
          scroll="plain"
        >
          {a.runs.map((r) => (
            <tr key={r.id}>
              <td>{formatMoment(r.started_at)}</td>
              <td>{formatMoment(r.finished_at)}</td>
              <td>{RUN_OUTCOME_LABELS[r.status]}</td>
              <td>{r.score ?? '—'}</td>
              <td>
                {r.stars === null ? (
                  '—'
                ) : (
                  <>
                    <span aria-hidden="true" className="record__stars">
                      {starGlyphs(r.stars)}
                    </span>
                    <span className="visually-hidden">{starsText(r.stars)}</span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </SimpleTable>
      )}
    </section>
  );
}

interface CertificateProps {
  title: string;
  certificate: NonNullable<RecordAssignment['certificate']>;
  download: Props['download'];
  Heading: 'h3' | 'h5';
}

function Certificate({ title, certificate, download, Heading }: CertificateProps) {
  const toast = useToast();
  // Current or expired as of when the record was shown (a page read for hours says so on reload).
  const [shownAt] = useState(() => Date.now());
  const url = verifyUrl(certificate.code);
  const save = async (saveFile: (code: string) => Promise<string>) => {
    try {
      const name = await saveFile(certificate.code);
      toast({ kind: 'success', title: `Certificate downloaded: ${name}` });
    } catch (e) {
      toast({
        kind: 'error',
        title: 'The certificate could not be downloaded.',
        subtitle: e instanceof Error ? e.message : String(e),
      });
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ kind: 'success', title: `Verify link copied: ${url}` });
    } catch {
      toast({ kind: 'error', title: `Could not copy the link: ${url}` });
    }
  };
  return (
    <div className="record__certificate">
      <Heading className="record__subtitle">Certificate</Heading>
      <p>
        Code <code className="record__code">{certificate.code}</code>
        {certificate.expires_at === 0
          ? ', does not expire'
          : certificate.expires_at > shownAt
            ? `, current until ${formatDay(certificate.expires_at)}`
            : `, expired on ${formatDay(certificate.expires_at)}`}
      </p>
      <p className="record__verify">
        Anyone can check it at{' '}
        <a className="cds--link" href={url}>
          {url}
        </a>
      </p>
      <div className="record__actions">
        {download && (
          <Button kind="tertiary" size="sm" onClick={() => void save(download)}>
            {/* One inline run of text: a flex button would drop the spaces around the hidden words. */}
            <span>
              Download certificate <span className="visually-hidden">of {title}</span> (PDF)
            </span>
          </Button>
        )}
        <Button kind="ghost" size="sm" onClick={() => void copy()}>
          Copy verify link <span className="visually-hidden">of {title}</span>
        </Button>
      </div>
    </div>
  );
}

/**
 * /verify/{code}: anyone, signed in or not, checks a certificate: valid or not (and why), whose,
 * which module, when completed and until when. A form takes a code typed or pasted.
 */
import { useState, type FormEvent } from 'react';
import { Button, InlineNotification, Tag, TextInput } from '@carbon/react';
import { useNavigate, useParams } from 'react-router';
import { PageHeading } from '#components/page-heading.tsx';
import { useCertificateCheck, type Verification } from '#features/record/api/record.ts';
import { formatDay } from '#components/record-format.ts';
import '#styles/forms.scss';
import '#styles/record.scss';

/** What a certificate code looks like (contracts' certificateCodeSchema), checked before asking. */
const CODE = /^[A-Za-z0-9_-]{22,64}$/;
const CODE_ERROR = 'Enter the code as printed on the certificate: 22 or more letters, digits, - or _.';

export function Component() {
  const { code } = useParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(code ?? '');
  const [error, setError] = useState<string | null>(null);
  const wellFormed = code !== undefined && CODE.test(code);
  const check = useCertificateCheck(wellFormed ? code : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    if (!CODE.test(value)) {
      setError(value === '' ? 'Enter a certificate code.' : CODE_ERROR);
      return;
    }
    setError(null);
    void navigate(`/verify/${encodeURIComponent(value)}`);
  };

  return (
    <div className="form-page verify-page">
      <PageHeading>Verify a certificate</PageHeading>
      <form className="verify-page__form" noValidate onSubmit={submit}>
        <TextInput
          id="certificate-code"
          labelText="Certificate code"
          helperText="As printed on the certificate, or the end of its verify link."
          value={typed}
          invalid={error !== null}
          invalidText={error ?? undefined}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit" size="md">
          Verify
        </Button>
      </form>
      {/* The answer is announced as it arrives: the live region is there before it. */}
      <div role="status" className="verify-page__result">
        {code !== undefined && !wellFormed && (
          <p className="verify-page__unknown">
            <strong>“{code}” is not a certificate code.</strong> {CODE_ERROR}
          </p>
        )}
        {check.isPending && wellFormed && <p>Checking the certificate…</p>}
        {check.isError && (
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            title="The certificate could not be checked."
            subtitle={check.error.message}
          />
        )}
        {check.data && <Result verification={check.data} />}
      </div>
    </div>
  );
}

function Result({ verification }: { verification: Verification }) {
  if (!verification.found) {
    return (
      <p className="verify-page__unknown">
        <strong>No certificate has this code.</strong> Check it against the certificate: every letter counts, and
        capitals differ from small letters.
      </p>
    );
  }
  const c = verification.certificate;
  const why = c.reason === 'expired' ? `It expired on ${formatDay(c.expires_at)}.` : c.reason;
  return (
    <div className="cds--tile verify-page__certificate">
      <div className="verify-page__verdict">
        {c.valid ? (
          <Tag type="green">Valid</Tag>
        ) : (
          <Tag type="red">{c.reason === 'expired' ? 'Expired' : 'Not valid'}</Tag>
        )}
        <span>{c.valid ? 'This certificate is valid.' : `This certificate is not valid.${why ? ` ${why}` : ''}`}</span>
      </div>
      <dl className="record__facts">
        <div>
          <dt>Name</dt>
          <dd>{c.name}</dd>
        </div>
        <div>
          <dt>Module</dt>
          <dd>{c.module}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{formatDay(c.completed_at)}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>{c.expires_at > 0 ? formatDay(c.expires_at) : 'Never'}</dd>
        </div>
      </dl>
    </div>
  );
}

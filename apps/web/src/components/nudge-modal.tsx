/**
 * "Send a reminder": to the chosen trainees with overdue training, with an optional short note
 * (a counter shows what is left), confirmed by its button, which names how many. The answer
 * ("N sent, M skipped") goes to the screen that opened it; a refusal shows here, the note kept.
 */
import { useState } from 'react';
import { Button, TextArea } from '@carbon/react';
import { NUDGE_NOTE_MAX } from '@airman/contracts/record-values.ts';
import type { NudgeResponse } from '@airman/contracts/record.ts';
import { traineesCount, useNudge } from '#lib/nudge.ts';
import { AppModal } from './app-modal.tsx';
import { ErrorNotice } from '#components/error-notice.tsx';

interface Props {
  userIds: string[];
  /** Only this module's overdue training (the screen's module filter); absent: all of it. */
  module?: { id: string; title: string };
  /** Whom the reminder goes to, in words, when not simply the trainees chosen (said first, instead of who is skipped). */
  scope?: string;
  onClose(): void;
  onDone(result: NudgeResponse): void;
}

export function NudgeModal({ userIds, module, scope, onClose, onDone }: Props) {
  const [note, setNote] = useState('');
  const nudge = useNudge();
  const length = note.trim().length;
  const tooLong = length > NUDGE_NOTE_MAX;
  const who = traineesCount(userIds.length);

  function send() {
    if (tooLong) return;
    nudge.mutate(
      { user_ids: userIds, ...(module ? { module: module.id } : {}), ...(length > 0 ? { note: note.trim() } : {}) },
      { onSuccess: onDone },
    );
  }

  return (
    <AppModal open passiveModal modalHeading={`Send a reminder to ${who}`} onRequestClose={onClose} size="sm">
      <div className="form-stack">
        {nudge.isError && <ErrorNotice title="No reminder was sent." subtitle={nudge.error.message} />}
        <p>
          {scope && `${scope} `}
          {module
            ? `Each one gets an e-mail now about ${module.title}, which is past its due date.`
            : 'Each one gets an e-mail now listing their training past its due date.'}{' '}
          {!scope &&
            'Trainees with nothing overdue, reminded in the last 24 hours, deactivated or not yet registered are skipped.'}
        </p>
        <TextArea
          id="nudge-note"
          labelText="Note (optional)"
          helperText={`Added to the e-mail. ${Math.max(0, NUDGE_NOTE_MAX - length)} of ${NUDGE_NOTE_MAX} characters left.`}
          invalid={tooLong}
          invalidText={`The note is ${length} characters long: shorten it to ${NUDGE_NOTE_MAX} or fewer.`}
          rows={4}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <div className="button-row">
          <Button kind="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={nudge.isPending || nudge.isSuccess || tooLong} onClick={send}>
            Send reminder ({who})
          </Button>
        </div>
      </div>
    </AppModal>
  );
}

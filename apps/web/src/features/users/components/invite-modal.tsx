/** The invite modal (spec §2, §5): whitespace-separated e-mails, an optional module for all, and its due date. */
// It parses with zod, loaded with this dialog: jitless before any parse (contracts' zod-setup.ts).
import '@airman/contracts/zod-setup.ts';
import { useEffect, useState } from 'react';
import { Button, InlineNotification, Select, SelectItem, TextArea, TextInput } from '@carbon/react';
import { inviteRequestSchema } from '@airman/contracts/api.ts';
import { INVITE_VALIDATION_DEBOUNCE_MS } from '@airman/contracts/constants.ts';
import { dueAtFromLocalDate } from '@airman/contracts/due-date.ts';
import { DEFAULT_GAME_RECORD, isArchived, type Module } from '@airman/contracts/module.ts';
import { invalidEmails, invalidEmailsMessage, splitEmails } from '@airman/contracts/validation.ts';
import { describeZodError } from '@airman/contracts/zod-error.ts';
import { useToast } from '#components/toasts.tsx';
import { useInviteUsers } from '../api/invite-users.ts';
import { AppModal } from '#components/app-modal.tsx';
import { DateField } from '#components/date-field.tsx';
import { useDiscardGuard } from '#components/discard-guard.tsx';

interface Props {
  modules: Module[];
  /** A unit administrator's units: the invitees' unit is then asked, one of these or a unit under one. */
  scope?: readonly string[];
  onClose(): void;
}

export function InviteModal({ modules, scope, onClose }: Props) {
  const toast = useToast();
  const [text, setText] = useState('');
  const [unit, setUnit] = useState(scope?.[0] ?? '');
  const unitMissing = scope !== undefined && unit.trim() === '';
  const [module, setModule] = useState(DEFAULT_GAME_RECORD.id);
  const [dueAt, setDueAt] = useState<number | undefined>(undefined);
  const withModule = module !== DEFAULT_GAME_RECORD.id;
  const [message, setMessage] = useState('');
  const [alert, setAlert] = useState('');
  const invite = useInviteUsers();
  const emails = splitEmails(text);
  const invalid = invalidEmails(emails);
  // The call as PUT admin/invite checks it (its list's length); each address as spec §5 checks it.
  const request = inviteRequestSchema.safeParse({
    emails,
    ...(scope !== undefined ? { unit } : {}),
    ...(withModule ? { module, ...(dueAt !== undefined ? { due_at: dueAt } : {}) } : {}),
  });
  const problem =
    invalid.length > 0
      ? invalidEmailsMessage(invalid)
      : emails.length > 0 && !request.success
        ? describeZodError(request.error)
        : '';

  // Addresses or a unit typed, or a module or date chosen, and not yet sent: closing asks first.
  const unsent =
    !invite.isPending &&
    (text.trim() !== '' || (!invite.isSuccess && (withModule || dueAt !== undefined || unit.trim() !== '')));
  const { requestClose, guard } = useDiscardGuard(unsent, onClose, {
    message: 'The addresses and choices in this form have not been sent. Closing now loses them.',
  });

  // The message appears after a second without typing (spec §5).
  useEffect(() => {
    const timer = setTimeout(() => setMessage(problem), INVITE_VALIDATION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [problem]);

  async function send() {
    if (!request.success || unitMissing) return;
    setAlert('');
    try {
      const result = await invite.mutateAsync(request.data);
      const notes: string[] = [];
      // The server invites only new addresses: one already on the list (registered, or invited and not yet
      // registered) gets nothing, and a pending invite is sent again from its row.
      if (result.existing.length > 0) {
        notes.push(
          `Already on the users list, not invited again (a pending invite is sent again with its row's Resend Invite): ${result.existing.join(', ')}`,
        );
      }
      const retryable = result.not_emailed.filter((email) => !result.refused.includes(email));
      if (retryable.length > 0)
        notes.push(`Invited, but the e-mail could not be sent (use Resend Invite): ${retryable.join(', ')}`);
      if (result.refused.length > 0) {
        notes.push(
          `Invited, but the mail server refused these addresses (check them; correct or delete these invites): ${result.refused.join(', ')}`,
        );
      }
      if (result.invited.length > 0) {
        const waiting = result.queued.length;
        toast({
          kind: 'success',
          title: `${result.invited.length.toLocaleString()} ${result.invited.length === 1 ? 'user' : 'users'} successfully invited`,
          ...(waiting > 0
            ? {
                subtitle: `${waiting} invitation e-mail${waiting === 1 ? ' is' : 's are'} queued and will be sent within minutes.`,
              }
            : {}),
        });
      }
      if (notes.length > 0) setAlert(notes.join(' '));
      else onClose();
      setText('');
    } catch (error) {
      setAlert(`The users could not be invited: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return (
    <>
      <AppModal open passiveModal modalHeading="Invite Users" onRequestClose={requestClose}>
        <div className="form-stack">
          {alert && <InlineNotification kind="warning" title={alert} lowContrast hideCloseButton role="alert" />}
          <TextArea
            id="invite-emails"
            labelText="E-mail addresses"
            helperText="Separate addresses with spaces or new lines."
            rows={6}
            value={text}
            invalid={message !== ''}
            invalidText={message}
            onChange={(e) => setText(e.target.value)}
          />
          {scope !== undefined && (
            <>
              <TextInput
                id="invite-unit"
                labelText="Unit of the invitees"
                helperText={`One of your units, or a unit under one: ${scope.join(', ')}`}
                list="invite-unit-scope"
                autoComplete="off"
                value={unit}
                invalid={unitMissing}
                invalidText="Give the unit the invitees are in."
                onChange={(e) => setUnit(e.target.value)}
              />
              <datalist id="invite-unit-scope">
                {scope.map((u) => (
                  <option key={u} value={u} />
                ))}
              </datalist>
            </>
          )}
          <Select
            id="invite-module"
            labelText="Module for all invitees (optional)"
            value={module}
            onChange={(e) => setModule(e.target.value)}
          >
            <SelectItem value={DEFAULT_GAME_RECORD.id} text={DEFAULT_GAME_RECORD.game_title} />
            {modules
              .filter((m) => !isArchived(m))
              .map((m) => (
                <SelectItem key={m.id} value={m.id} text={m.game_title} />
              ))}
          </Select>
          {/* The module's due date for every invitee: offered once a module is chosen. */}
          {withModule && (
            <DateField
              id="invite-due"
              labelText="Due date (optional)"
              onChange={(date) => setDueAt(date ? dueAtFromLocalDate(date) : undefined)}
            />
          )}
          <div className="button-row">
            <Button kind="secondary" onClick={requestClose}>
              Close
            </Button>
            <Button
              disabled={invite.isPending || !request.success || invalid.length > 0 || unitMissing}
              onClick={() => void send()}
            >
              Invite
            </Button>
          </div>
        </div>
      </AppModal>
      {/* After the modal: Carbon takes the last open modal in the page for the topmost. */}
      {guard}
    </>
  );
}

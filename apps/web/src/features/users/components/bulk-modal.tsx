/** One bulk action on the selected users: what it needs (module, due date), a confirmation, then the server's answer. */
// It parses with zod, loaded with this dialog: jitless before any parse (contracts' zod-setup.ts).
import '@airman/contracts/zod-setup.ts';
import { useState } from 'react';
import { Button, Select, SelectItem } from '@carbon/react';
import { BULK_ACTION_FIELDS, type BulkAction, type BulkUsersResponse } from '@airman/contracts/bulk-users.ts';
import { dueAtFromLocalDate, dueLocalDate } from '@airman/contracts/due-date.ts';
import { isArchived } from '@airman/contracts/module-values.ts';
import type { Module } from '@airman/contracts/module.ts';
import { AppModal } from '#components/app-modal.tsx';
import { DateField } from '#components/date-field.tsx';
import { useDiscardGuard } from '#components/discard-guard.tsx';
import { useBulkUsers } from '../api/bulk-users.ts';
import { BULK_LABELS, usersCount } from './bulk-labels.ts';
import { ErrorNotice } from '#components/error-notice.tsx';

/** Said of the actions on assignments: the server skips these users (decision 011). */
const LEFT_ALONE = 'Your own account and inactive users are skipped.';

const EXPLAIN: Record<BulkAction, string> = {
  assign: `The module is added to every selected user who does not have it yet, with this due date (or none). ${LEFT_ALONE}`,
  due_date: `The new due date is set on the module for every selected user who has it and has not completed it. Reminders follow the new date. ${LEFT_ALONE}`,
  unassign: `The module is removed from every selected user who has it and has not completed it. Completed modules are kept. ${LEFT_ALONE}`,
  reinvite:
    'Every selected pending invitee gets a new invite e-mail; their earlier link stops working. Registered users and your own account are skipped.',
  deactivate:
    'Selected accounts can no longer sign in and are signed out; pending invites are voided. Your own account is skipped.',
};

interface Props {
  action: BulkAction;
  ids: string[];
  modules: Module[];
  onClose(): void;
  onDone(result: BulkUsersResponse): void;
}

export function BulkModal({ action, ids, modules, onClose, onDone }: Props) {
  const fields = BULK_ACTION_FIELDS[action];
  // Assigning offers live modules only; the others also reach assignments of archived ones.
  const offered = modules.filter((m) => action !== 'assign' || !isArchived(m));
  const [module, setModule] = useState('');
  const [dueAt, setDueAt] = useState<number | undefined>(undefined);
  const mutation = useBulkUsers();
  const missing =
    (fields.module === 'required' && module === '') || (fields.due_at === 'required' && dueAt === undefined);
  const labels = BULK_LABELS[action];
  // A module or date chosen and not applied: closing asks first.
  const { requestClose, guard } = useDiscardGuard(
    (module !== '' || dueAt !== undefined) && !mutation.isPending && !mutation.isSuccess,
    onClose,
    {
      message: 'The module and date chosen here have not been applied. Closing now loses them.',
    },
  );

  function apply() {
    mutation.mutate(
      {
        ids,
        action,
        ...(fields.module === 'required' ? { module } : {}),
        ...(fields.due_at !== 'absent' && dueAt !== undefined ? { due_at: dueAt } : {}),
      },
      { onSuccess: onDone },
    );
  }

  return (
    <>
      <AppModal
        open
        passiveModal
        modalHeading={labels.heading(usersCount(ids.length))}
        onRequestClose={requestClose}
        size="sm"
      >
        <div className="form-stack">
          {mutation.isError && <ErrorNotice title="Nothing was changed." subtitle={mutation.error.message} />}
          <p>{EXPLAIN[action]}</p>
          {fields.module === 'required' && (
            <Select
              id="bulk-module"
              data-modal-primary-focus
              labelText="Module"
              value={module}
              onChange={(e) => setModule(e.target.value)}
            >
              <SelectItem value="" text="Choose a module" />
              {offered.map((m) => (
                <SelectItem
                  key={m.id}
                  value={m.id}
                  text={isArchived(m) ? `${m.game_title} (archived)` : m.game_title}
                />
              ))}
            </Select>
          )}
          {fields.due_at !== 'absent' && (
            <DateField
              id="bulk-due"
              labelText={fields.due_at === 'required' ? 'New due date' : 'Due date (optional)'}
              value={dueAt === undefined ? undefined : dueLocalDate(dueAt)}
              onChange={(date) => setDueAt(date ? dueAtFromLocalDate(date) : undefined)}
            />
          )}
          <div className="button-row">
            <Button kind="secondary" onClick={requestClose}>
              Cancel
            </Button>
            <Button
              kind={action === 'deactivate' ? 'danger' : 'primary'}
              // Still pending once done: the modal closes with the answer.
              disabled={mutation.isPending || mutation.isSuccess || missing}
              onClick={apply}
            >
              {labels.apply} ({usersCount(ids.length)})
            </Button>
          </div>
        </div>
      </AppModal>
      {/* After the modal: Carbon takes the last open modal in the page for the topmost. */}
      {guard}
    </>
  );
}

/** 'User Management (autosaves)' (spec §2, §4, §8). */
// It parses with zod, loaded with this dialog: jitless before any parse (contracts' zod-setup.ts).
import '@airman/contracts/zod-setup.ts';
import { useEffect, useRef, useState } from 'react';
import { Button, InlineNotification, Select, SelectItem, TextArea, TextInput, Toggle } from '@carbon/react';
import { Link } from 'react-router';
import { ROLES, type Role } from '@airman/contracts/constants.ts';
import type { Module } from '@airman/contracts/module.ts';
import { displayName } from '@airman/contracts/user-values.ts';
import type { User } from '@airman/contracts/user.ts';
import { userUpdateRequestSchema, type UserUpdateRequest } from '@airman/contracts/api.ts';
import { RankSelect } from '#components/rank-select.tsx';
import { UnitInput } from '#components/unit-input.tsx';
import { useToast } from '#components/toasts.tsx';
import { ApiError } from '#lib/api-client.ts';
import { useAuth } from '#lib/auth/auth-context.tsx';
import { ROLE_LABELS } from '#lib/roles.ts';
import { useAssignModule } from '../api/assign-module.ts';
import { useFreshUser } from '../api/get-user.ts';
import { useUnassignModule } from '../api/unassign-module.ts';
import { useInviteActions } from '../hooks/use-invite-actions.ts';
import { useUserAutosave } from '../hooks/use-user-autosave.ts';
import { AssignmentsTable } from './assignments-table.tsx';
import { formatDate } from './format-date.ts';
import { SignInLock } from './sign-in-lock.tsx';
import { SignInMethod } from './sign-in-method.tsx';
import { EmailHistory } from './email-history.tsx';
import { UserRecord } from './user-record.tsx';
import { AppModal } from '#components/app-modal.tsx';
import { useDiscardGuard } from '#components/discard-guard.tsx';

/**
 * Carbon's TextInput points `aria-errormessage` at its error text but neither
 * describes the input with it nor makes it a live region, which axe reports as
 * a critical `aria-valid-attr-value` violation and screen readers may not read.
 * Describing the input by that text (Carbon's id `{id}-error-msg`) fixes both.
 */
function describedByError(id: string, invalid: boolean): { 'aria-describedby'?: string } {
  return invalid ? { 'aria-describedby': `${id}-error-msg` } : {};
}

/** The Audit screen filtered to this user's entries. */
const historyUrl = (id: string) => `/audit?target_kind=user&target_id=${encodeURIComponent(id)}`;

interface Props {
  user: User;
  currentUserId: string;
  /** A full administrator changes roles and a unit administrator's units; a unit administrator sees neither. */
  fullAdmin?: boolean;
  modules: Module[];
  onClose(): void;
  onChanged(): void;
}

/**
 * The change one field's text makes, as POST admin/users/{id} parses it (userUpdateRequestSchema:
 * trimmed, an e-mail lower-cased), or null when it would refuse it: nothing is sent.
 */
function fieldPatch(field: 'user_name' | 'first_name' | 'last_name', text: string): UserUpdateRequest | null {
  const parsed = userUpdateRequestSchema.safeParse({ [field]: text });
  return parsed.success ? parsed.data : null;
}

/** What a name field shows when the schema refuses its text: 'Required' when empty, else the schema's reason. */
function nameProblem(field: 'first_name' | 'last_name', text: string): string {
  const issue = userUpdateRequestSchema.safeParse({ [field]: text }).error?.issues[0];
  return !issue || issue.code === 'too_small' ? 'Required' : issue.message;
}

const formOf = (u: User) => ({
  user_name: u.user_name,
  last_name: u.last_name,
  first_name: u.first_name,
  unit: u.unit,
  rank: u.rank,
  role: u.role,
  /** A unit administrator's units, one a line. */
  adminUnits: (u.admin_units ?? []).join('\n'),
  active: u.active_at > 0,
});

/** The units typed, one a line, trimmed, blank lines left out. */
const unitLines = (text: string) => [...new Set(text.split('\n').map((l) => l.trim()))].filter(Boolean);

export function UserModal({ user: initial, currentUserId, fullAdmin = true, modules, onClose, onChanged }: Props) {
  const toast = useToast();
  const invite = useInviteActions();
  const { signOut } = useAuth();
  const [user, setUser] = useState(initial);
  const [form, setForm] = useState(() => formOf(initial));
  // The modal opens at once on the list's copy, which may be a refresh old; the
  // server's answer (GET admin/users/{id}) replaces it, unless the admin has
  // changed something first: what they type is never overwritten. If the call
  // fails, the list's copy stays (each field saves on its own: nothing else is sent),
  // unless the user is gone (deleted since the list was read): the modal says so
  // instead of offering edits that cannot be saved, and the list is read again.
  const fresh = useFreshUser(initial.id);
  const gone = fresh.error instanceof ApiError && fresh.error.status === 404;
  const [source, setSource] = useState<'list' | 'server' | 'edited'>('list');
  if (source === 'list' && fresh.data) {
    setSource('server');
    setUser(fresh.data);
    setForm(formOf(fresh.data));
  }
  const edited = () => setSource('edited');
  // A pending invitee has no names yet (they give them when registering): a name
  // is flagged only once the admin has edited it, not on opening the modal.
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const saver = useUserAutosave(initial.id, {
    onSaved(saved, patch) {
      setUser(saved);
      onChanged();
      // Spec §4: changing one's own e-mail logs the user out.
      if (saved.id === currentUserId && patch.user_name !== undefined) void signOut();
    },
  });

  // What the modal still has to save goes first, with the button already pending (isPending covers onMutate).
  const assign = useAssignModule({ onMutate: () => saver.flush() });
  const unassign = useUnassignModule({ onMutate: () => saver.flush() });

  const emailInvalid = fieldPatch('user_name', form.user_name) === null;
  const lastNameInvalid = touched.has('last_name') && fieldPatch('last_name', form.last_name) === null;
  const firstNameInvalid = touched.has('first_name') && fieldPatch('first_name', form.first_name) === null;
  const edit = <K extends keyof typeof form>(key: K, value: (typeof form)[K], patch: UserUpdateRequest | null) => {
    setForm((f) => ({ ...f, [key]: value }));
    edited();
    setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));
    if (patch) saver.edit(patch);
  };
  const title = (id: string) => modules.find((m) => m.id === id)?.game_title ?? id;
  const name = displayName(user);
  // Once: the list's copy is what was stale.
  const listReadAgain = useRef(false);
  useEffect(() => {
    if (!gone || listReadAgain.current) return;
    listReadAgain.current = true;
    onChanged();
  }, [gone, onChanged]);

  async function changeAssignment(kind: 'assign' | 'unassign', moduleId: string) {
    edited();
    try {
      const saved =
        kind === 'assign'
          ? await assign.mutateAsync({ id: user.id, module: moduleId })
          : await unassign.mutateAsync({ id: user.id, moduleId });
      setUser(saved);
      onChanged();
      toast({
        kind: 'success',
        title:
          kind === 'assign'
            ? `Module '${title(moduleId)}' assigned to ${name}`
            : `Module '${title(moduleId)}' no longer assigned to ${name}`,
      });
    } catch {
      toast({ kind: 'error', title: kind === 'assign' ? 'Error assigning module.' : 'Error unassigning module.' });
    }
  }

  // Unassigning drops the assignment and its progress: asked first, in a modal over this one.
  const [unassigning, setUnassigning] = useState<string | null>(null);
  // Once the confirmation is gone, with the row and its Unassign button: focus stays in the user
  // modal, on the module picker (the confirmation's own return would find its opener gone).
  const [pickerFocus, setPickerFocus] = useState(0);
  useEffect(() => {
    if (pickerFocus > 0) document.getElementById('assign-module')?.focus();
  }, [pickerFocus]);
  const confirmUnassign = unassigning && (
    <AppModal
      open
      danger
      size="xs"
      modalHeading={`Unassign '${title(unassigning)}'?`}
      primaryButtonText="Unassign"
      secondaryButtonText="Cancel"
      onRequestSubmit={() => {
        setUnassigning(null);
        setPickerFocus((n) => n + 1);
        void changeAssignment('unassign', unassigning);
      }}
      onRequestClose={() => setUnassigning(null)}
    >
      <p>
        {name || user.user_name} will no longer have this module to play. The assignment, its due date and any progress
        are removed.
      </p>
    </AppModal>
  );

  function close() {
    // Whatever is pending is sent now; retries go on after the modal is gone.
    void saver.flush();
    onClose();
  }
  // Every valid change is saved as it is made; text the server would refuse (an e-mail that is not
  // one, an emptied name) is never sent, and closing would lose it: closing asks first.
  const refused = (['user_name', 'last_name', 'first_name'] as const).filter(
    (field) => form[field] !== user[field] && fieldPatch(field, form[field]) === null,
  );
  const { requestClose, guard } = useDiscardGuard(!gone && refused.length > 0, close, {
    message: 'Some fields hold text that cannot be saved (an invalid e-mail or an empty name). Closing now loses it.',
  });

  if (gone) {
    return (
      <AppModal
        open
        passiveModal
        size="lg"
        modalHeading="User Management (autosaves)"
        onRequestClose={close}
        className="user-modal"
      >
        <InlineNotification
          kind="error"
          title="This user no longer exists."
          subtitle={`${name || initial.user_name} was deleted after the list was shown; the list has been read again.`}
          hideCloseButton
          lowContrast
          role="alert"
        />
      </AppModal>
    );
  }

  // The confirmation after the user modal: Carbon takes the last open modal in the page for the topmost.
  return (
    <>
      <AppModal
        open
        passiveModal
        size="lg"
        modalHeading="User Management (autosaves)"
        onRequestClose={requestClose}
        className="user-modal"
      >
        <div className="user-modal__fields">
          <TextInput
            id="user-email"
            labelText="Email"
            type="email"
            value={form.user_name}
            invalid={emailInvalid}
            invalidText="Enter a valid e-mail address"
            {...describedByError('user-email', emailInvalid)}
            onChange={(e) => edit('user_name', e.target.value, fieldPatch('user_name', e.target.value))}
          />
          <TextInput
            id="user-last-name"
            labelText="Last name"
            value={form.last_name}
            invalid={lastNameInvalid}
            invalidText={nameProblem('last_name', form.last_name)}
            {...describedByError('user-last-name', lastNameInvalid)}
            onChange={(e) => edit('last_name', e.target.value, fieldPatch('last_name', e.target.value))}
          />
          <TextInput
            id="user-first-name"
            labelText="First name"
            value={form.first_name}
            invalid={firstNameInvalid}
            invalidText={nameProblem('first_name', form.first_name)}
            {...describedByError('user-first-name', firstNameInvalid)}
            onChange={(e) => edit('first_name', e.target.value, fieldPatch('first_name', e.target.value))}
          />
          {user.pending ? (
            // Not yet registered: neither active nor inactive, but waiting on the invite, which is
            // sent again or copied from here as from the row's menu.
            <div className="user-modal__invite" role="group" aria-labelledby="user-invite-status">
              <p id="user-invite-status">
                <span className="cds--label">Status</span>
                <br />
                Invite pending, last sent {formatDate(user.last_invite_at)}
              </p>
              <div className="user-modal__invite-actions">
                <Button kind="tertiary" size="sm" disabled={invite.resending} onClick={() => void invite.resend(user)}>
                  Resend Invite
                </Button>
                <Button kind="ghost" size="sm" onClick={() => void invite.copyLink(user)}>
                  Copy Invite Link
                </Button>
              </div>
            </div>
          ) : (
            <Toggle
              id="user-active"
              labelText="Status"
              labelA="Inactive"
              labelB="Active"
              toggled={form.active}
              onToggle={(on) => edit('active', on, { active_at: on ? Date.now() : 0 })}
            />
          )}
          <UnitInput id="user-unit" value={form.unit} onChange={(v) => edit('unit', v, { unit: v.trim() })} />
          <RankSelect
            id="user-rank"
            value={form.rank}
            // Carbon's ComboBox also reports a value it was given (the server's, on opening): not an edit.
            onChange={(v) => v !== form.rank && edit('rank', v, v ? { rank: v } : null)}
          />
          {fullAdmin && (
            <Select
              id="user-role"
              labelText="Role"
              value={form.role}
              onChange={(e) => {
                const role = e.target.value as Role;
                // A unit administrator needs its units: the role is saved with them, once given.
                const units = unitLines(form.adminUnits);
                const patch = role !== 'unit_admin' ? { role } : units.length > 0 ? { role, admin_units: units } : null;
                edit('role', role, patch);
              }}
            >
              {ROLES.map((r) => (
                <SelectItem key={r} value={r} text={ROLE_LABELS[r]} />
              ))}
            </Select>
          )}
          {fullAdmin && form.role === 'unit_admin' && (
            <TextArea
              id="user-admin-units"
              labelText="Units administered"
              helperText="One unit a line; each takes in the units under it (655 ISRW takes in 655 ISRW/Det 2)."
              rows={3}
              value={form.adminUnits}
              invalid={unitLines(form.adminUnits).length === 0}
              invalidText="Give at least one unit: the role is saved with its units."
              onChange={(e) => {
                const units = unitLines(e.target.value);
                edit(
                  'adminUnits',
                  e.target.value,
                  units.length > 0 ? { role: 'unit_admin', admin_units: units } : null,
                );
              }}
            />
          )}
        </div>
        {/* The sign-in method and the e-mail log are a full administrator's to read. */}
        {fullAdmin && <SignInMethod userId={user.id} userName={name || user.user_name} />}
        <SignInLock userId={user.id} />
        <AssignmentsTable
          assignments={user.assignments}
          modules={modules}
          busy={assign.isPending || unassign.isPending}
          onDueDate={(key, due_at) => {
            edited();
            saver.edit({ assignments: [{ key, due_at }] });
          }}
          onAssign={(id) => void changeAssignment('assign', id)}
          onUnassign={setUnassigning}
        />
        {/* The record: a unit administrator's too, for the trainees of its units (the only ones it opens). */}
        <UserRecord userId={user.id} userName={user.user_name} />
        {fullAdmin && <EmailHistory userId={user.id} />}
        <p className="user-modal__history">
          {/* Every change is saved as it is made: leaving sends whatever is still pending first. */}
          <Link className="cds--link" to={historyUrl(user.id)} onClick={() => void saver.flush()}>
            History<span className="visually-hidden"> of {user.user_name} on the Audit screen</span>
          </Link>
        </p>
      </AppModal>
      {confirmUnassign}
      {guard}
    </>
  );
}

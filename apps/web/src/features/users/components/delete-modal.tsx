/** The delete-confirm modal (spec §2). */
import { displayName } from '@airman/contracts/user-values.ts';
import type { User } from '@airman/contracts/user.ts';
import { AppModal } from '#components/app-modal.tsx';

interface Props {
  user: User;
  isSelf: boolean;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

export function DeleteModal({ user, isSelf, busy, onConfirm, onClose }: Props) {
  return (
    <AppModal
      open
      danger
      size="sm"
      modalHeading="Confirm Deletion"
      primaryButtonText="Delete"
      secondaryButtonText="Cancel"
      primaryButtonDisabled={busy}
      onRequestSubmit={onConfirm}
      onRequestClose={onClose}
    >
      {/* Whose account, in sight: a pending invitee has no name yet, only the address. */}
      <p className="delete-modal__who">
        {user.pending ? 'Pending invite' : displayName(user)}{' '}
        <span className="delete-modal__email">({user.user_name})</span>
      </p>
      <p>This action cannot be reversed.</p>
      {isSelf && (
        <p className="delete-modal__self">
          <strong>You are trying to delete yourself.</strong>
        </p>
      )}
    </AppModal>
  );
}

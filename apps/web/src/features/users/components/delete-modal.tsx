/** The delete-confirm modal (spec §2). */
import { displayName, type User } from '@airman/contracts/user.ts';
import { AppModal } from '../../../components/app-modal.tsx';

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
      <p>This action cannot be reversed.</p>
      {isSelf && (
        <p className="delete-modal__self">
          <strong>You are trying to delete yourself.</strong>
        </p>
      )}
      <p className="visually-hidden">User: {displayName(user)}</p>
    </AppModal>
  );
}

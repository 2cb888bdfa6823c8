/** /progress: training progress at a glance. Its charts (Carbon Charts) load with this route only. */
// The admin screens parse with zod (the module check): jitless before any parse (contracts' zod-setup.ts).
import '@airman/contracts/zod-setup.ts';
import { ProgressScreen, type UserEditor } from '#features/progress/components/progress-screen.tsx';
import { getUser } from '#features/users/api/get-user.ts';
import { UserModal } from '#features/users/components/user-modal.tsx';

// An overdue row opens the users screen's editor.
const userEditor: UserEditor = { load: getUser, Modal: UserModal };

export function Component() {
  return <ProgressScreen userEditor={userEditor} />;
}

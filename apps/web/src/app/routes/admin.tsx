/** /admin: the Users screen. */
// The admin screens parse with zod (the module check): jitless before any parse (contracts' zod-setup.ts).
import '@airman/contracts/zod-setup.ts';
import { UsersScreen } from '#features/users/components/users-screen.tsx';

export function Component() {
  return <UsersScreen />;
}

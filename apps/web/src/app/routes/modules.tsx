/** /modules: the Training Modules screen. */
// The admin screens parse with zod (the module check): jitless before any parse (contracts' zod-setup.ts).
import '@airman/contracts/zod-setup.ts';
import { ModulesScreen } from '#features/modules/components/modules-screen.tsx';
import { useCurrentUser } from '#lib/auth/current-user.tsx';
import { isFullAdmin } from '#lib/roles.ts';

export function Component() {
  // A unit administrator reads and play-tests the modules; it changes none.
  return <ModulesScreen readOnly={!isFullAdmin(useCurrentUser().role)} />;
}

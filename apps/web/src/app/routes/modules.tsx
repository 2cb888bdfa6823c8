/** /modules: the Training Modules screen. */
// The admin screens parse with zod (the module check): jitless before any parse (contracts' zod-setup.ts).
import '@airman/contracts/zod-setup.ts';
import { ModulesScreen } from '#features/modules/components/modules-screen.tsx';

export function Component() {
  return <ModulesScreen />;
}

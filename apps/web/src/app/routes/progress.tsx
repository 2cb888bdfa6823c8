/** /progress: training progress at a glance. Its charts (Carbon Charts) load with this route only. */
// The admin screens parse with zod (the module check): jitless before any parse (contracts' zod-setup.ts).
import '@airman/contracts/zod-setup.ts';
import { ProgressScreen } from '../../features/progress/components/progress-screen.tsx';

export function Component() {
  return <ProgressScreen />;
}

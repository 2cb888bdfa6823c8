/** /audit: the audit log. */
// The contracts' audit schemas come with the screen: zod jitless before any of them (contracts' zod-setup.ts).
import '@airman/contracts/zod-setup.ts';
import { AuditScreen } from '#features/audit/components/audit-screen.tsx';

export function Component() {
  return <AuditScreen />;
}

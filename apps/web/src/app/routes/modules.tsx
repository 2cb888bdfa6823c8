/** /modules: the Training Modules screen. */
import { ModulesScreen } from '../../features/modules/components/modules-screen.tsx';

export function Component() {
  return <ModulesScreen />;
}

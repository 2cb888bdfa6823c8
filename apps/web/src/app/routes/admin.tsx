/** /admin: the Users screen. */
import { UsersScreen } from '#features/users/components/users-screen.tsx';

export function Component() {
  return <UsersScreen />;
}

/** /progress: training progress at a glance, its charts drawn in the app's own SVG. */
import { ProgressScreen, type UserEditor } from '#features/progress/components/progress-screen.tsx';
import { getUser } from '#features/users/api/get-user.ts';
import { lazy, Suspense, type ComponentProps } from 'react';
import { Loading } from '@carbon/react';

// An overdue row opens the users screen's editor, loaded when first opened (its date fields and the record).
const LazyUserModal = lazy(() =>
  import('#features/users/components/user-modal.tsx').then((m) => ({ default: m.UserModal })),
);
const userEditor: UserEditor = {
  load: getUser,
  Modal: (props: ComponentProps<UserEditor['Modal']>) => (
    <Suspense fallback={<Loading description="Loading" />}>
      <LazyUserModal {...props} />
    </Suspense>
  ),
};

export function Component() {
  return <ProgressScreen userEditor={userEditor} />;
}

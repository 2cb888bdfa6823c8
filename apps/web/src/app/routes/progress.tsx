/** /progress: training progress at a glance, its charts drawn in the app's own SVG. */
import { ProgressScreen, type UserEditor } from '#features/progress/components/progress-screen.tsx';
import { getUser } from '#features/users/api/get-user.ts';
import { lazy, Suspense, type ComponentProps } from 'react';
import { Loading } from '@carbon/react';
import type { LoaderFunctionArgs } from 'react-router';
import { filtersFrom, progressQueryOptions } from '#features/progress/api/get-progress.ts';
import { modulesQueryOptions } from '#lib/modules.ts';
import { prefetch, sessionWillShow } from '#lib/route-prefetch.ts';
import { unitsQueryOptions } from '#lib/units.ts';

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

/** Asked for beside the page's code (lib/route-prefetch.ts): the figures in the link's filters, the units, the modules. */
export function loader({ url }: Pick<LoaderFunctionArgs, 'url'>): null {
  if (!sessionWillShow(true)) return null;
  prefetch(progressQueryOptions(filtersFrom(url.searchParams)));
  prefetch(unitsQueryOptions());
  prefetch(modulesQueryOptions());
  return null;
}

export function Component() {
  return <ProgressScreen userEditor={userEditor} />;
}

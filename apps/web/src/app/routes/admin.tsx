/** /admin: the Users screen. */
import type { LoaderFunctionArgs } from 'react-router';
import { usersFiltersFrom, usersQueryOptions } from '#features/users/api/get-users.ts';
import { UsersScreen } from '#features/users/components/users-screen.tsx';
import { modulesQueryOptions } from '#lib/modules.ts';
import { prefetch, sessionWillShow } from '#lib/route-prefetch.ts';
import { unitsQueryOptions } from '#lib/units.ts';

/** Asked for beside the page's code (lib/route-prefetch.ts): the list's first page in the link's filters, the modules, the units. */
export function loader({ url }: Pick<LoaderFunctionArgs, 'url'>): null {
  if (!sessionWillShow(true)) return null;
  prefetch(usersQueryOptions({ search: '', ...usersFiltersFrom(url.searchParams) }));
  prefetch(modulesQueryOptions());
  prefetch(unitsQueryOptions());
  return null;
}

export function Component() {
  return <UsersScreen />;
}

/** /admin's loader: the first page of the list in the link's filters, the modules and the units (lib/route-prefetch.ts). */
import type { LoaderFunctionArgs } from 'react-router';
import { usersFiltersFrom, usersQueryOptions } from '#features/users/api/get-users.ts';
import { modulesQueryOptions } from '#lib/modules.ts';
import { prefetch, sessionWillShow } from '#lib/route-prefetch.ts';
import { unitsQueryOptions } from '#lib/units.ts';

export function loader({ url }: Pick<LoaderFunctionArgs, 'url'>): null {
  if (!sessionWillShow(true)) return null;
  prefetch(usersQueryOptions({ search: '', ...usersFiltersFrom(url.searchParams) }));
  prefetch(modulesQueryOptions());
  prefetch(unitsQueryOptions());
  return null;
}

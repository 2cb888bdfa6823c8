/** /progress's loader: the figures of the link's filters, the units and the modules (lib/route-prefetch.ts). */
import type { LoaderFunctionArgs } from 'react-router';
import { filtersFrom, progressQueryOptions } from '#features/progress/api/get-progress.ts';
import { modulesQueryOptions } from '#lib/modules.ts';
import { prefetch, sessionWillShow } from '#lib/route-prefetch.ts';
import { unitsQueryOptions } from '#lib/units.ts';

export function loader({ url }: Pick<LoaderFunctionArgs, 'url'>): null {
  if (!sessionWillShow(true)) return null;
  prefetch(progressQueryOptions(filtersFrom(url.searchParams)));
  prefetch(unitsQueryOptions());
  prefetch(modulesQueryOptions());
  return null;
}

/** The units users are in (GET admin/units), and how a unit filter narrows them as one types. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnitCount, UnitsResponse } from '@airman/contracts/api.ts';
import { getJson } from './api-client.ts';

function getUnits(): Promise<UnitCount[]> {
  return getJson<UnitsResponse>('admin/units').then((r) => r.units);
}

/** Every unit with its number of users; a change to users invalidates it with the users list. */
export function unitsQueryOptions() {
  return queryOptions({ queryKey: ['units'], queryFn: getUnits });
}

export function useUnits() {
  return useQuery(unitsQueryOptions());
}

/**
 * The units that match typed text (trimmed, any case): those that start with it first, then
 * those that contain it, each group in the order given. No text: every unit.
 */
export function matchingUnits<T extends { unit: string }>(units: readonly T[], text: string): T[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [...units];
  const starting: T[] = [];
  const containing: T[] = [];
  for (const u of units) {
    const name = u.unit.toLowerCase();
    if (name.startsWith(wanted)) starting.push(u);
    else if (name.includes(wanted)) containing.push(u);
  }
  return [...starting, ...containing];
}

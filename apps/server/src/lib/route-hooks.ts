/**
 * Hooks that only some routes need, added to those routes alone from an onRoute hook: an app-wide
 * hook runs for every request, the users page's included, even when it has nothing to do there
 * (docs/benchmarks.md). A route's own hooks run after the app's hooks of the same kind, in the
 * order they were added: hooks added by earlier onRoute hooks (plugins registered earlier) first.
 */
import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preHandler' | 'onSend' | 'onResponse' | 'onRequestAbort';

/** One hook of that kind, as a route's options take it (they also take a list). */
type HookOf<K extends HookName> = Exclude<RouteOptions[K], readonly unknown[] | undefined>;

export function addRouteHook<K extends HookName>(route: RouteOptions, name: K, hook: HookOf<K>): void {
  const existing: unknown = route[name];
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? [...(existing as unknown[])] : [existing];
  hooks.push(hook);
  route[name] = hooks as RouteOptions[K];
}

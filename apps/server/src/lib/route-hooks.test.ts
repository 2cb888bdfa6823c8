import { describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { addRouteHook } from './route-hooks.ts';

const route = (extra: Partial<RouteOptions> = {}): RouteOptions => ({
  method: 'POST',
  url: '/x',
  handler: async () => undefined,
  ...extra,
});

describe('addRouteHook', () => {
  it('adds a hook to a route without any, after a single one, and after a list, keeping their order', async () => {
    const first = async () => undefined;
    const second = async () => undefined;
    const bare = route();
    addRouteHook(bare, 'onRequest', second);
    expect(bare.onRequest).toEqual([second]);
    const single = route({ onRequest: first });
    addRouteHook(single, 'onRequest', second);
    expect(single.onRequest).toEqual([first, second]);
    const list = route({ preHandler: [first] });
    addRouteHook(list, 'preHandler', second);
    expect(list.preHandler).toEqual([first, second]);
  });
});

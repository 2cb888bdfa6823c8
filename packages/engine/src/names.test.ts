import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Action, Module } from '@airman/contracts/module.ts';
import { start, table, type GameState } from './game-state.ts';
import { replay } from './replay.ts';
import { apply, available } from './rules.ts';
import { action, tinyModule } from './test-modules.ts';

/** Names JavaScript objects already answer to. */
const SPECIAL = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '__defineGetter__',
];

/** The same module with every action, item and objective renamed by `to` (gauges too, but '__proto__'). */
function renamed(module: Module, to: (name: string) => string): Module {
  const gauge = (name: string) => (to(name) === '__proto__' ? name : to(name));
  const gauges = <V>(record: Record<string, V>) =>
    table(Object.entries(record).map(([k, v]) => [gauge(k), v] as const));
  const rename = (a: Action): Action => ({
    ...a,
    name: to(a.name),
    results: gauges(a.results),
    required_objectives: a.required_objectives.map(to),
    changes_inventory: { add: a.changes_inventory.add.map(to), remove: a.changes_inventory.remove.map(to) },
    changes_objectives: { add: a.changes_objectives.add.map(to), remove: a.changes_objectives.remove.map(to) },
  });
  return {
    ...module,
    starting_gauges: gauges(module.starting_gauges),
    objectives: module.objectives.map((o) => ({ ...o, name: to(o.name) })),
    actions: module.actions.map(rename),
  };
}

/** What a player sees of a state, names left out: the two runs must not differ in any of it. */
function seen(state: GameState) {
  return {
    day: state.day,
    tokens: state.tokens,
    outcome: state.outcome,
    gauges: Object.values(state.gauges),
    offered: available(state).map((a) => a.ok),
    items: Object.values(state.inventory),
    cooldowns: Object.values(state.cooldowns),
  };
}

describe('names a module author may choose', () => {
  // Every name of the tiny module, each given one of the special names.
  const names = [
    ...new Set([
      ...tinyModule.actions.flatMap((a) => [a.name, ...a.changes_inventory.add]),
      ...tinyModule.objectives.map((o) => o.name),
    ]),
  ];

  it('plays a module named with JavaScript-object names exactly as with ordinary ones', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(SPECIAL, { minLength: 1 }),
        fc.array(fc.integer({ min: -1, max: 5 }), { maxLength: 40 }),
        (picks, moves) => {
          const map = new Map(
            names.map((n, i) => [
              n,
              picks[i % picks.length] === undefined ? n : `${picks[i % picks.length]}${i >= picks.length ? i : ''}`,
            ]),
          );
          const special = renamed(tinyModule, (n) => map.get(n) ?? n);
          let a = start(tinyModule, 1);
          let b = start(special, 1);
          for (const move of moves) {
            const pick = move < 0 ? undefined : a.module.actions[move];
            const ca: GameCommand = pick ? { action: pick.name } : { end_day: true };
            const cb: GameCommand = pick ? { action: map.get(pick.name) ?? pick.name } : { end_day: true };
            const ra = apply(a, ca);
            const rb = apply(b, cb);
            expect(rb.ok).toBe(ra.ok);
            if (ra.ok && rb.ok) {
              a = ra.state;
              b = rb.state;
            }
            expect(seen(b)).toEqual(seen(a));
          }
        },
      ),
    );
  });

  it("refuses an action named 'constructor' that needs an item 'toString' the player does not hold", () => {
    const module: Module = {
      ...tinyModule,
      actions: [
        action({
          name: 'constructor',
          token_cost: 1,
          changes_inventory: { add: [], remove: ['toString'] },
          results: { energy: 1 },
        }),
      ],
    };
    const r = apply(start(module, 1), { action: 'constructor' });
    expect(r).toEqual({ ok: false, error: 'constructor: Requires item: toString' });
  });

  it("keeps the cooldown of an action named '__proto__'", () => {
    const module: Module = { ...tinyModule, actions: [action({ name: '__proto__', token_cost: 1, set_cooldown: 2 })] };
    const once = apply(start(module, 1), { action: '__proto__' });
    expect(once.ok).toBe(true);
    if (!once.ok) return;
    expect(apply(once.state, { action: '__proto__' })).toEqual({
      ok: false,
      error: '__proto__: Cooling down (2 days left)',
    });
    expect(replay(module, 1, [{ action: '__proto__' }, { action: '__proto__' }])).toEqual({
      ok: false,
      error: '__proto__: Cooling down (2 days left)',
      index: 1,
    });
  });
});

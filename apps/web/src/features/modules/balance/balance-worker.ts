/// <reference lib="webworker" />
/**
 * Plays a range of seeds of the module being edited (engine/balance.ts), off
 * the main thread: the editor stays responsive while the planner works.
 */
import '@airman/contracts/zod-setup.ts';
import { tally } from '@airman/engine/balance.ts';
import type { BalanceJob } from './run-balance.ts';

self.onmessage = (event: MessageEvent<BalanceJob>) => {
  const { module, from, to } = event.data;
  try {
    self.postMessage({ ok: true, tally: tally(module, from, to) });
  } catch (error) {
    self.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};

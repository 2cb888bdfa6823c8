/** Engine figures: replaying a whole winning week, and the solver deciding ready_airman_training. */
import { readyAirmanModule } from '../../apps/server/src/seed/ready-airman-module.ts';
import { replay } from '../../packages/engine/src/replay.ts';
import { solve } from '../../packages/engine/src/solver.ts';

const t0 = performance.now();
const verdict = solve(readyAirmanModule);
const solveMs = performance.now() - t0;
if (verdict.winnable !== true) throw new Error('ready_airman_training must be winnable');
const N = 10_000;
for (let i = 0; i < 1000; i++) replay(readyAirmanModule, i, verdict.line);
const t1 = performance.now();
for (let i = 0; i < N; i++) replay(readyAirmanModule, i, verdict.line);
const replayUs = ((performance.now() - t1) / N) * 1000;
console.log(
  `| solver decides ready_airman_training (winning line of ${verdict.line.length} moves) | ${solveMs.toFixed(1)} ms |`,
);
console.log(`| replay of that 7-day run (mean of ${N}) | ${replayUs.toFixed(1)} µs |`);

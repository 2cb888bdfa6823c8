/**
 * Engine figures: replaying a whole winning week, the solver deciding
 * ready_airman_training, and replaying the longest run of the largest module
 * the caps allow (what bounds a finish or progress request's work).
 */
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { largestModule, longestLog } from '../../packages/engine/src/largest-module.ts';
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

// The largest module's longest run: wall time and this thread's CPU time (on a
// shared machine the wall time also counts other processes' turns).
const largest = largestModule();
const longest = longestLog(largest, 1);
if (longest.state.outcome === 'in_progress') throw new Error('the longest run must end');
for (let i = 0; i < 20; i++) replay(largest, i, longest.log);
const R = 200;
const walls: number[] = [];
const cpu0 = process.cpuUsage();
for (let i = 0; i < R; i++) {
  const t = performance.now();
  const result = replay(largest, 1, longest.log);
  walls.push(performance.now() - t);
  if (!result.ok) throw new Error(`the longest run must replay: ${result.error}`);
}
const cpu = process.cpuUsage(cpu0);
walls.sort((a, b) => a - b);
const p95 = walls[Math.floor(R * 0.95)] as number;
console.log(
  `| replay of the largest module's longest run (${longest.log.length} moves; mean CPU, p95 wall of ${R}) | ${((cpu.user + cpu.system) / 1000 / R).toFixed(1)} ms CPU, ${p95.toFixed(1)} ms wall |`,
);

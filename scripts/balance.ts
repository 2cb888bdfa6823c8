/**
 * npm run balance [module-id | module.json] [--seeds N] [--check]
 *
 * Plays a module over seeds 0 … N−1 (default 1,000) with a random clicker,
 * a greedy player and the planner (packages/engine/src/balance.ts), on every
 * core, and prints the figures as one JSON object on the last line. With
 * --check, exits 1 when a target of docs/game-rules.md is missed.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { moduleSchema, type Module } from '../packages/contracts/src/module.ts';
import { mergeTallies, missedTargets, summarize, tally, type Tally } from '../packages/engine/src/balance.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';

interface Job {
  module: Module;
  from: number;
  to: number;
}

const BASE_MODULES: Record<string, Module> = { [readyAirmanModule.id]: readyAirmanModule };

function loadModule(ref: string): Module {
  const base = BASE_MODULES[ref];
  if (base) return base;
  if (!ref.endsWith('.json'))
    throw new Error(
      `No base module '${ref}' (known: ${Object.keys(BASE_MODULES).join(', ')}); or give a module's .json file`,
    );
  const parsed = moduleSchema.safeParse(JSON.parse(readFileSync(ref, 'utf8')));
  if (!parsed.success)
    throw new Error(`${ref}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

function run(job: Job): Promise<Tally> {
  return new Promise((resolve, reject) => {
    // The worker runs this file too, with tsx's loader registered first (a worker does not inherit it).
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: job });
    worker.once('message', (t: Tally) => resolve(t));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`a balance worker exited with ${code}`));
    });
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const seedsAt = args.indexOf('--seeds');
  const seeds = seedsAt >= 0 ? Number(args[seedsAt + 1]) : 1000;
  if (!Number.isInteger(seeds) || seeds < 1) throw new Error('--seeds must be a whole number of at least 1');
  const ref = args.find((a, i) => !a.startsWith('--') && i !== seedsAt + 1) ?? readyAirmanModule.id;
  const module = loadModule(ref);
  const workers = Math.max(1, Math.min(availableParallelism(), seeds));
  const started = performance.now();
  const jobs: Job[] = [];
  for (let w = 0; w < workers; w++) {
    jobs.push({ module, from: Math.floor((seeds * w) / workers), to: Math.floor((seeds * (w + 1)) / workers) });
  }
  const merged = mergeTallies(await Promise.all(jobs.map(run)));
  const figures = summarize(module, merged);
  // Each event's answers as the planner gave them, for an author tuning its choices.
  for (const [event, counts] of Object.entries(merged.choices)) {
    const draws = counts.reduce((a, b) => a + b, 0);
    console.error(`${event}: ${counts.map((n) => `${Math.round((n / draws) * 100)}%`).join(' / ')} of ${draws}`);
  }
  // Each event's answers by mean final points, with a sensible player continuing.
  for (const [event, answers] of Object.entries(figures.answers)) {
    const words = answers.map((a) => `${a.risky ? 'risky ' : ''}'${a.choice}' ${a.mean_points}`).join(' / ');
    console.error(`${event} mean points: ${words}`);
  }
  const seconds = (performance.now() - started) / 1000;
  console.error(`${seeds} seeds on ${workers} threads in ${seconds.toFixed(1)} s`);
  const missed = missedTargets(figures);
  for (const m of missed) console.error(`missed target: ${m}`);
  console.log(JSON.stringify(figures));
  if (check && missed.length > 0) process.exitCode = 1;
}

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  });
} else {
  const job = workerData as Job;
  parentPort?.postMessage(tally(job.module, job.from, job.to));
}

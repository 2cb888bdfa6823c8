/**
 * Where a load's CPU went: the server process, PostgreSQL (all its processes:
 * the backends serving the server, and its background work meanwhile) and the
 * load generator (load.ts, a process of its own). Read from /proc, so Linux only; elsewhere the
 * split is absent. On a machine whose cores the three share, req/s moves with
 * whatever else runs, while CPU time a request says what each side costs.
 */
import fs from 'node:fs';

/** Linux reports process times in USER_HZ, 100 a second on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU time of a process so far, in ticks; undefined when /proc cannot tell. */
function processTicks(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** The CPU time so far of every process named `postgres`, by process id. */
function postgresTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const t = processTicks(Number(entry));
    if (t !== undefined) ticks.set(Number(entry), t);
  }
  return ticks;
}

/**
 * PostgreSQL's CPU time between two readings: each process still running, less
 * what it had used at the first (a process started meanwhile, all of it). A
 * process that ended meanwhile cannot be read any more: its share is missing,
 * so the figure is a floor, never below zero.
 */
function postgresTicksSince(before: Map<number, number>): number {
  let sum = 0;
  for (const [pid, t] of postgresTicks()) sum += t - (before.get(pid) ?? 0);
  return sum;
}

export interface CpuSplit {
  /** Microseconds of CPU a request. */
  server: number;
  postgres: number;
  loadGenerator: number;
}

/** Starts counting; the returned function ends the count and divides it by the requests served meanwhile. */
export function startCpuSplit(
  serverPid: number,
  loadPid: number,
): ((requests: number) => CpuSplit | undefined) | undefined {
  const server0 = processTicks(serverPid);
  const load0 = processTicks(loadPid);
  if (server0 === undefined || load0 === undefined) return undefined;
  const postgres0 = postgresTicks();
  return (requests) => {
    const server1 = processTicks(serverPid);
    const load1 = processTicks(loadPid);
    if (server1 === undefined || load1 === undefined || requests <= 0) return undefined;
    const perRequest = (ticks: number) => Math.round(((ticks / TICKS_PER_SECOND) * 1e6) / requests);
    return {
      server: perRequest(server1 - server0),
      postgres: perRequest(postgresTicksSince(postgres0)),
      loadGenerator: perRequest(load1 - load0),
    };
  };
}

/** "server 640 · PostgreSQL 390 · autocannon 130" (µs a request), or '' when not measured. */
export function formatCpuSplit(split: CpuSplit | undefined, withPostgres: boolean): string {
  if (!split) return '';
  return [
    `server ${split.server}`,
    withPostgres ? `PostgreSQL ${split.postgres}` : undefined,
    `autocannon ${split.loadGenerator}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * One autocannon load, in a process of its own (run.ts starts one for each
 * measured route). The load generator shares the machine's two cores with the
 * server and PostgreSQL, so its own cost moves the figures: run inside run.ts
 * (after the seeding, the SQL floors and earlier rounds), autocannon spent 90 –
 * 146 µs of CPU on each users page it read, against 45 – 56 µs in a fresh
 * process, and the server's p99 rose with it. In run.ts its V8 ran a
 * Mark-Compact every ~50 – 100 ms ("GC in old space requested") while it held
 * the 52.5 KB answers as strings; why its old space stayed that tight there
 * was not found (a large retained heap alone did not do it).
 *
 * Protocol, over the IPC channel of child_process.fork (a list of paths can
 * be too long for the command line): the parent sends `LoadOptions`; the
 * process answers `'measuring'` when its warm-up ends, then a `LoadResult`,
 * and stays until the parent disconnects, so that the parent can read its CPU
 * time in /proc after the load (it exits with the channel, the parent's end included).
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  /** The origin and first path, e.g. http://127.0.0.1:3000/api/session. */
  url: string;
  headers?: Record<string, string>;
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of the same load before, not counted. */
  warmup: number;
  /** When given, each request takes the next of these paths in turn (instead of the url's). */
  paths?: string[];
}

export interface LoadResult {
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  /** Failed connections and non-2xx answers. */
  errors: number;
}

function autocannonOptions(options: LoadOptions, duration: number): autocannon.Options {
  const { paths } = options;
  let turn = 0;
  return {
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration,
    requests: paths?.length
      ? [{ setupRequest: (request) => ({ ...request, path: paths[turn++ % paths.length] ?? '/' }) }]
      : undefined,
  };
}

async function measure(options: LoadOptions): Promise<LoadResult> {
  if (options.warmup > 0) await autocannon(autocannonOptions(options, options.warmup));
  process.send?.('measuring');
  const result = await autocannon(autocannonOptions(options, options.duration));
  return {
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

if (!process.send) throw new Error('load.ts runs under child_process.fork (see run.ts)');
process.once('message', (options: LoadOptions) => {
  measure(options).then(
    (result) => process.send?.(result),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});

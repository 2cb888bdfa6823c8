/**
 * Prometheus metrics at GET /metrics (prom-client), for the operator's scraper:
 * request durations by route, the database pool, the e-mail outbox's and the xAPI
 * statement queue's depth and oldest entry's age, and the process's own (event-loop delay, memory, CPU).
 * Off unless METRICS_TOKEN is set; then answered only to
 * `Authorization: Bearer <METRICS_TOKEN>`. Each app has its own registry.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database.ts';
import { HttpError } from '../lib/http-error.ts';

/** Seconds: from a users page's milliseconds to a report's or a sign-in's (argon2) hundreds of them and beyond. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export function registerMetrics(app: FastifyInstance, database: Database, token: string | undefined): void {
  const registry = new Registry();
  // Not a call of the API and not a page: without a token it does not exist.
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!token) throw new HttpError(404, 'Not found');
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameSecret(header.slice('Bearer '.length), token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new HttpError(401, 'Authentication required');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  if (!token) return;

  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by matched route.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the URL itself: ids would make a series each.
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  if (database.poolStats) {
    const stats = database.poolStats;
    new Gauge({
      name: 'airman_db_pool_connections',
      help: 'PostgreSQL connections of the pool, by state (idle, busy) and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = stats();
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'busy' }, s.total - s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }

  const queue = (table: 'email_outbox' | 'xapi_outbox') => async () => {
    const [row] = await database.query<{ depth: number | string; oldest: number | string | null }>(
      `SELECT count(*) AS depth, min(created_at) AS oldest FROM ${table} WHERE given_up_at = 0`,
    );
    return { depth: Number(row?.depth ?? 0), oldest: row?.oldest == null ? null : Number(row.oldest) };
  };
  const outbox = queue('email_outbox');
  new Gauge({
    name: 'airman_outbox_depth',
    help: 'E-mails stored and not yet sent (those the mail server refused for good are not counted).',
    registers: [registry],
    async collect() {
      this.set((await outbox()).depth);
    },
  });
  new Gauge({
    name: 'airman_outbox_oldest_age_seconds',
    help: 'Age of the oldest e-mail not yet sent; 0 when none waits.',
    registers: [registry],
    async collect() {
      const { oldest } = await outbox();
      this.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
    },
  });

  const statements = queue('xapi_outbox');
  new Gauge({
    name: 'airman_xapi_queue_depth',
    help: 'xAPI statements stored and not yet accepted by the LRS (those it refused for good are not counted).',
    registers: [registry],
    async collect() {
      this.set((await statements()).depth);
    },
  });
  new Gauge({
    name: 'airman_xapi_queue_oldest_age_seconds',
    help: 'Age of the oldest xAPI statement not yet accepted by the LRS; 0 when none waits.',
    registers: [registry],
    async collect() {
      const { oldest } = await statements();
      this.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
    },
  });
}

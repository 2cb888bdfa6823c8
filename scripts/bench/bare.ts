/**
 * The yardstick for the users page: a bare Fastify + pg keyset page of
 * 50, with no authentication and nothing else, in a process of its own like the
 * server, measured in the same run (run.ts) so that the users page can be read
 * against it on the same machine. Two answers: 8 columns a user (~9 KB), and
 * the users' stored JSON (the users page's own ~52 KB).
 *
 *   DATABASE_URL=postgres://… PORT=… node --import tsx scripts/bench/bare.ts
 */
import Fastify from 'fastify';
import pg from 'pg';
import { NAME_ORDER_SQL } from '../../apps/server/src/db/schema.ts';

const { DATABASE_URL, PORT } = process.env;
if (!DATABASE_URL || !PORT) throw new Error('set DATABASE_URL and PORT');
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
// The users page's own order and index (users_name_order_idx).
const order = `ORDER BY ${NAME_ORDER_SQL}, id LIMIT 50`;
const app = Fastify();
app.get(
  '/columns',
  async () =>
    (
      await pool.query({
        name: 'columns',
        text: `SELECT id, user_name, first_name, last_name, rank, unit, role, active_at FROM users ${order}`,
      })
    ).rows,
);
app.get('/json', async (_request, reply) => {
  const { rows } = await pool.query<{ listing: string }>({ name: 'json', text: `SELECT listing FROM users ${order}` });
  return reply.type('application/json').send(`[${rows.map((r) => r.listing).join(',')}]`);
});
app.get('/api/health', async () => ({ ok: true }));
await app.listen({ port: Number(PORT), host: '127.0.0.1' });

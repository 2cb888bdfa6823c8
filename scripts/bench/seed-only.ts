/**
 * Seeds a database with benchmark users, for EXPLAIN sessions and csv.ts:
 *   tsx scripts/bench/seed-only.ts postgres://…/db [count]     (PostgreSQL)
 *   tsx scripts/bench/seed-only.ts /path/to/DATA_DIR [count]   (PGlite, in DATA_DIR/db as the server keeps it)
 */
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { seedBenchUsers, seedQuietly } from './seed-users.ts';

const [url, n] = process.argv.slice(2);
if (!url) throw new Error('usage: seed-only.ts <postgres url | data dir> [count]');
const database = await openDatabase(/^postgres(ql)?:/.test(url) ? { url } : { dataDir: path.join(url, 'db') });
await seedQuietly(database, 'bench-admin@example.com', 'Bench-Admin-1!');
await seedBenchUsers(database, Number(n ?? 100_000), await hashPassword('Bench-User-1!'));
await database.close();

/** Seeds a PostgreSQL database with benchmark users, for EXPLAIN sessions: tsx scripts/bench/seed-only.ts <url> [count] */
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { seed } from '../../apps/server/src/seed/seed.ts';
import { seedBenchUsers } from './seed-users.ts';

const [url, n] = process.argv.slice(2);
if (!url) throw new Error('usage: seed-only.ts <postgres url> [count]');
const database = await openDatabase({ url });
await seed(database.db, { adminEmail: 'bench-admin@example.com', adminPassword: 'Bench-Admin-1!', announce: () => undefined, log: { info: () => undefined } as never });
await seedBenchUsers(database, Number(n ?? 100_000), await hashPassword('Bench-User-1!'));
await database.close();

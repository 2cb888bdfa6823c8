import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const db = await PGlite.create('/tmp/perf/pgl-clean/db', { extensions: { pg_trgm } });
async function time(name: string, n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 50; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(name.padEnd(60), ((performance.now() - t) / n * 1000).toFixed(0), 'µs');
}
for (let r = 0; r < 2; r++) {
await time('query select 1', 2000, () => db.query('select 1'));
await time('exec select 1', 2000, () => db.exec('select 1'));
await time('query pk lookup $1', 2000, () => db.query('select * from users where id = $1', ['u0000001']));
await time('query pk lookup literal', 2000, () => db.query("select * from users where id = 'u0000001'"));
await time('exec pk lookup literal', 2000, () => db.exec("select * from users where id = 'u0000001'"));
if (r === 0) await db.exec("prepare pk(text) as select * from users where id = $1");
await time('exec EXECUTE pk', 2000, () => db.exec("execute pk('u0000001')"));
await time('query EXECUTE pk', 2000, () => db.query("execute pk('u0000001')"));
const page = 'select listing, lower(last_name) collate "C" as key, id, (select n from user_count) as total from users order by lower(last_name) collate "C", id limit 51';
await time('query page', 500, () => db.query(page));
if (r === 0) await db.exec(`prepare pg as ${page}`);
await time('query EXECUTE page', 500, () => db.query('execute pg'));
await time('query page listing only', 500, () => db.query('select listing from users order by lower(last_name) collate "C", id limit 51'));
await time('query page id only', 500, () => db.query('select id from users order by lower(last_name) collate "C", id limit 51'));
}
await db.close();

/**
 * Before any API test file: the migrated empty embedded database's dump, made once
 * (test/databases.ts), so that no test file's setup spends its time-out on it.
 */
import { template } from './databases.ts';

export default async function setup(): Promise<void> {
  await template();
}

import { expect, it } from 'vitest';
import { describeApi } from '#test/harness.ts';
import { isUsableAccount, usableAccountSql } from './usable-account.ts';

describeApi('the usable-account rule', (ctx) => {
  it('says the same in code and in SQL for every kind of account', async () => {
    const accounts = [
      { active_at: 0, pending: false },
      { active_at: 0, pending: true },
      { active_at: 1, pending: true },
      { active_at: 1_795_000_000_000, pending: false },
    ];
    for (const account of accounts) {
      const [row] = await ctx.database.query<{ usable: boolean }>(
        `SELECT ${usableAccountSql('u')} AS usable FROM (SELECT $1::bigint AS active_at, $2::boolean AS pending) u`,
        [account.active_at, account.pending],
      );
      expect(row?.usable, JSON.stringify(account)).toBe(isUsableAccount(account));
    }
    expect(accounts.filter(isUsableAccount)).toEqual([{ active_at: 1_795_000_000_000, pending: false }]);
  });
});

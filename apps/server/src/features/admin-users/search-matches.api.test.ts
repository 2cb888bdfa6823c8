import { expect, it } from 'vitest';
import { describeApi } from '#test/harness.ts';
import { matchesSearch, withSearchPlan } from './list-users.ts';
import { matchesStatement, SearchMatches } from './search-matches.ts';

describeApi('search matches kept in memory', (ctx) => {
  /** A SearchMatches over the real statement, counting the searches it runs. */
  function kept(limits?: { perTerm: number; total: number; terms: number }) {
    const searches: string[] = [];
    const matches = new SearchMatches(
      ctx.database,
      (search) => {
        searches.push(search);
        return withSearchPlan(ctx.database.db, search, (q) => matchesStatement(q, matchesSearch(search)));
      },
      limits,
    );
    return { matches, searches };
  }

  const addUsers = (prefix: string, lastName: string, n: number) =>
    ctx.database.query(
      `INSERT INTO users (id, user_name, first_name, last_name, active_at, created_at)
       SELECT $1 || g, $1 || g || '@example.com', 'F', $2, 1, 1 FROM generate_series(1, $3::int) AS g`,
      [prefix, lastName, n],
    );

  it('searches a term once for all its pages, and again only after user_search changed', async () => {
    await addUsers('keep', 'Keepington', 60);
    const { matches, searches } = kept();
    const first = await matches.page('keepington', undefined);
    expect(first).toMatchObject({ total: 60, next: expect.anything() });
    const second = await matches.page('keepington', first?.next);
    expect(second).toMatchObject({ total: 60, next: undefined });
    expect(JSON.parse(`[${first?.listings ?? ''},${second?.listings ?? ''}]`)).toHaveLength(60);
    expect(searches).toEqual(['keepington']);

    // A change to users that user_search does not copy keeps the matches.
    await ctx.database.query(`UPDATE users SET last_invite_at = 5 WHERE id = 'keep1'`);
    expect(await matches.page('keepington', undefined)).toMatchObject({ total: 60 });
    expect(searches).toEqual(['keepington']);

    await addUsers('keepmore', 'Keepington', 1);
    expect(await matches.page('keepington', undefined)).toMatchObject({ total: 61 });
    expect(searches).toEqual(['keepington', 'keepington']);
  });

  it('leaves to the database a term with more matches than it keeps, and a cursor not among the matches', async () => {
    await addUsers('many', 'Manyfold', 6);
    const { matches, searches } = kept({ perTerm: 5, total: 10, terms: 10 });
    expect(await matches.page('manyfold', undefined)).toBeUndefined();
    expect(await matches.page('manyfold', undefined)).toBeUndefined();
    expect(searches).toEqual(['manyfold']);
    await addUsers('few', 'Fewfold', 3);
    expect(await matches.page('fewfold', { key: 'fewfold', id: 'not-a-match' })).toBeUndefined();
  });

  it('keeps no more matches in all than its budget, dropping the least recently used term', async () => {
    await addUsers('budgeta', 'Budgetalpha', 4);
    await addUsers('budgetb', 'Budgetbravo', 4);
    const { matches, searches } = kept({ perTerm: 5, total: 6, terms: 10 });
    await matches.page('budgetalpha', undefined);
    await matches.page('budgetbravo', undefined);
    await matches.page('budgetbravo', undefined);
    expect(searches).toEqual(['budgetalpha', 'budgetbravo']);
    await matches.page('budgetalpha', undefined);
    expect(searches).toEqual(['budgetalpha', 'budgetbravo', 'budgetalpha']);
  });

  it('keeps no more terms than its bound, those with too many matches included', async () => {
    await addUsers('bound', 'Boundless', 3);
    const { matches, searches } = kept({ perTerm: 2, total: 10, terms: 2 });
    for (const term of ['boundless', 'bound1', 'bound2', 'boundless']) await matches.page(term, undefined);
    expect(searches).toEqual(['boundless', 'bound1', 'bound2', 'boundless']);
  });

  it('answers a term with no match with an empty page, searched once', async () => {
    const { matches, searches } = kept();
    expect(await matches.page('nobody-by-this-name', undefined)).toEqual({ total: 0, listings: '', next: undefined });
    expect(await matches.page('nobody-by-this-name', undefined)).toEqual({ total: 0, listings: '', next: undefined });
    expect(searches).toEqual(['nobody-by-this-name']);
  });
});

/**
 * The xAPI actor is the trainee's account, not their e-mail: after an administrator changes a
 * trainee's address, the export (GET admin/reports/xapi) still rebuilds, byte for byte, the
 * statements queued when the runs happened. The statements wait in the queue: nothing polls it.
 */
import { expect, it } from 'vitest';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { plan } from '@airman/engine/play.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { cafQuestionnaire } from '#seed/caf-questionnaire.ts';
import { describeApi } from '#test/harness.ts';
import { assignSeedModule, startSeedRun } from '#test/game-fixtures.ts';
import { registration } from './statements.ts';

const PUBLIC_URL = 'https://train.example.mil';
const every = (value: number): Record<string, number> =>
  Object.fromEntries(cafQuestionnaire.items.map((i) => [i.id, value]));

describeApi(
  'xAPI actor',
  (ctx) => {
    it('states the account, so the export matches what was queued after an e-mail change', async () => {
      const user = await ctx.createUser();
      await assignSeedModule(ctx, user);
      const run = await startSeedRun(ctx, user);
      const finish = await ctx.request(user.token, {
        method: 'POST',
        url: `/api/game/runs/${run.run_id}/finish`,
        payload: { log: plan(readyAirmanModule, run.seed).line, answers: { before: every(3), after: every(4) } },
      });
      expect(finish.statusCode).toBe(200);
      const queued = await ctx.database.query<{ statement: string }>(
        'SELECT statement FROM xapi_outbox WHERE run_id = $1 ORDER BY id',
        [run.run_id],
      );
      expect(queued.length).toBe(7);
      for (const { statement } of queued) {
        expect((JSON.parse(statement) as { actor: unknown }).actor).toEqual({
          objectType: 'Agent',
          account: { homePage: PUBLIC_URL, name: user.id },
        });
      }

      const admin = await ctx.createUser({ role: 'admin' });
      const moved = await ctx.request(admin.token, {
        method: 'POST',
        url: `/api/admin/users/${user.id}`,
        payload: { user_name: `moved-${user.email}` },
      });
      expect(moved.statusCode).toBe(200);

      const exported = await ctx.request(admin.token, {
        method: 'GET',
        url: `/api/admin/reports/xapi?module=${READY_AIRMAN_MODULE_ID}`,
      });
      expect(exported.statusCode).toBe(200);
      const mine = exported.body
        .split('\n')
        .filter((line) => line.includes(registration(user.id, READY_AIRMAN_MODULE_ID)))
        .sort();
      expect(mine).toEqual(queued.map((r) => r.statement).sort());
    });
  },
  {
    // Statements are queued for this LRS and wait there: nothing polls the queue in this test.
    env: { PUBLIC_URL, LRS_ENDPOINT: 'http://127.0.0.1:9/xapi' },
    xapiTiming: { backoffMs: 3_600_000, pollMs: 3_600_000 },
  },
);

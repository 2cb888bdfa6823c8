import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { dueAtFromDay } from '@airman/contracts/due-date.ts';
import type { InviteFileReport } from '@airman/contracts/invite-file.ts';
import { assignments, emailLog, emailOutbox, users } from '#db/schema.ts';
import { adminToken, describeApi, sentMessages, type TestContext } from '#test/harness.ts';

const MODULE = 'ready_airman_training';

/**
 * The text of the message to `address`: from the outbox while it is queued, else from the file
 * the app's sender wrote once it was sent (outbox mode: DATA_DIR/outbox).
 */
async function messageTo(ctx: TestContext, address: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [queued] = await ctx.database.db
      .select({ text: emailOutbox.text_body })
      .from(emailOutbox)
      .where(eq(emailOutbox.to_address, address));
    if (queued) return queued.text;
    const sent = sentMessages(ctx).find((eml) => eml.includes(`To: ${address}`));
    if (sent) return sent;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no message to ${address}`);
}

/**
 * Counted by hand: lines 2, 3 and 4 are new, 5 (the seeded admin) and 6 (a
 * user the test creates) exist, 7, 8 and 9 are invalid.
 */
function fixtureFile(existing: string, tag: string): string {
  return [
    'email,first_name,last_name,rank,unit,module,due',
    `ann.${tag}@example.com,Ann,Lee,SrA,655 ISRW,Ready Airman Training,2031-03-14`,
    `bo.${tag}@example.com,Bo,Ng,Staff Sergeant,,${MODULE},`,
    `cy.${tag}@example.com,,,,,,`,
    'ADMIN@example.com,Ad,Min,,,,',
    `${existing},Ex,Isting,,,,`,
    `ann.${tag}@example.com,Ann,Twice,,,,`,
    `dee.${tag}@example.com,=cmd|' /C calc'!A0,Fox,,,,`,
    `eve.${tag}@example.com,Eve,Orr,,,No Such Module,2031-03-14`,
  ].join('\r\n');
}

describeApi('POST admin/invite/file', (ctx) => {
  const send = (token: string | undefined, url: string, body: string | Buffer, contentType = 'text/csv') =>
    ctx.request(token, { method: 'POST', url, payload: body, headers: { 'content-type': contentType } });
  const check = (token: string | undefined, body: string | Buffer, contentType?: string) =>
    send(token, '/api/admin/invite/file/check', body, contentType);
  const apply = (token: string | undefined, body: string | Buffer, contentType?: string) =>
    send(token, '/api/admin/invite/file', body, contentType);
  const mailLogged = async () => (await ctx.database.db.select({ id: emailLog.id }).from(emailLog)).length;
  const usersNamed = (emails: string[]) =>
    ctx.database.db
      .select({
        id: users.id,
        user_name: users.user_name,
        first_name: users.first_name,
        last_name: users.last_name,
        rank: users.rank,
        unit: users.unit,
        pending: users.pending,
        code: users.invite_code,
      })
      .from(users)
      .where(inArray(users.user_name, emails));

  it('checks a file without changing anything, then applies it once', async () => {
    const token = await adminToken(ctx);
    const existing = await ctx.createUser();
    const tag = crypto.randomUUID().slice(0, 8);
    const file = fixtureFile(existing.email, tag);
    const fresh = ['ann', 'bo', 'cy'].map((n) => `${n}.${tag}@example.com`);

    const dry = await check(token, file);
    expect(dry.statusCode).toBe(200);
    const report = dry.json<InviteFileReport>();
    expect(report).toMatchObject({ applied: false, rows: 8 });
    expect(report.invitees.map((r) => [r.line, r.email])).toEqual(fresh.map((e, i) => [i + 2, e]));
    expect(report.invitees[0]).toEqual({
      line: 2,
      email: fresh[0],
      first_name: 'Ann',
      last_name: 'Lee',
      rank: 'SrA',
      unit: '655 ISRW',
      module: MODULE,
      module_title: 'Ready Airman Training',
      due: '2031-03-14',
    });
    expect(report.invitees[1]).toMatchObject({ rank: 'SSgt', module: MODULE, due: '' });
    expect(report.existing).toEqual([
      { line: 5, email: 'admin@example.com' },
      { line: 6, email: existing.email },
    ]);
    expect(report.invalid).toEqual([
      { line: 7, email: fresh[0], reason: 'email: already on line 2' },
      {
        line: 8,
        email: `dee.${tag}@example.com`,
        reason: "first_name: starts with '=', which a spreadsheet would run as a formula",
      },
      {
        line: 9,
        email: `eve.${tag}@example.com`,
        reason: "module: no live module has the id or title 'No Such Module'",
      },
    ]);
    expect(await usersNamed(fresh)).toEqual([]);

    // The e-mail log keeps every message queued; the outbox loses a row once the app's sender
    // has sent it, which it may do at any moment.
    const mailBefore = await mailLogged();
    const applied = await apply(token, file);
    expect(applied.statusCode).toBe(200);
    expect(applied.json<InviteFileReport>()).toEqual({ ...report, applied: true });
    const created = await usersNamed(fresh);
    expect(created.map((u) => u.user_name).sort()).toEqual([...fresh].sort());
    const ann = created.find((u) => u.user_name === fresh[0]);
    expect(ann).toMatchObject({ first_name: 'Ann', last_name: 'Lee', rank: 'SrA', unit: '655 ISRW', pending: true });
    expect(ann?.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const given = await ctx.database.db
      .select({ user_id: assignments.user_id, due_at: assignments.due_at })
      .from(assignments)
      .where(
        and(
          eq(assignments.module_id, MODULE),
          inArray(
            assignments.user_id,
            created.map((u) => u.id),
          ),
        ),
      );
    const byEmail = Object.fromEntries(
      given.map((g) => [created.find((u) => u.id === g.user_id)?.user_name, g.due_at]),
    );
    expect(byEmail).toEqual({ [fresh[0] as string]: dueAtFromDay(2031, 3, 14), [fresh[1] as string]: 0 });
    // One invite each, queued in the same transaction.
    expect((await mailLogged()) - mailBefore).toBe(3);
    expect(await messageTo(ctx, fresh[0] as string)).toContain('Ready Airman Training, due Friday, March 14, 2031');
    const log = await ctx.database.db
      .select({ kind: emailLog.kind })
      .from(emailLog)
      .where(
        inArray(
          emailLog.user_id,
          created.map((u) => u.id),
        ),
      );
    expect(log.map((l) => l.kind)).toEqual(['invite', 'invite', 'invite']);

    // The same file again creates nothing: its new addresses now exist.
    const again = (await apply(token, file)).json<InviteFileReport>();
    expect(again.invitees).toEqual([]);
    expect(again.existing.map((e) => e.line)).toEqual([2, 3, 4, 5, 6]);
    expect((await mailLogged()) - mailBefore).toBe(3);
  });

  it('reads a UTF-16 file from a spreadsheet and a UTF-8 one with a byte-order mark', async () => {
    const token = await adminToken(ctx);
    const tag = crypto.randomUUID().slice(0, 8);
    const utf16 = Buffer.from(`\ufeffemail,first_name\r\nzoe.${tag}@example.com,Zoë\r\n`, 'utf16le');
    expect((await check(token, utf16)).json<InviteFileReport>().invitees).toMatchObject([
      { email: `zoe.${tag}@example.com`, first_name: 'Zoë' },
    ]);
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`email;unit\nzed.${tag}@example.com;Det 1, Flight A\n`),
    ]);
    expect((await check(token, bom, 'text/csv; charset=utf-8')).json<InviteFileReport>().invitees).toMatchObject([
      { unit: 'Det 1, Flight A' },
    ]);
  });

  it('refuses a file it cannot read with a message, creating nothing', async () => {
    const token = await adminToken(ctx);
    const tag = crypto.randomUUID().slice(0, 8);
    const cases: [string | Buffer, number, RegExp][] = [
      ['', 400, /^The file is empty/],
      [
        `mail,name\nx.${tag}@example.com,X\n`,
        400,
        /^line 1: the header row must name the columns .*no email column; unknown columns 'mail', 'name'\.$/,
      ],
      [`email\nx.${tag}@example.com\n"y.${tag}@example.com\n`, 400, /^line 3: a quoted cell is never closed/],
      [Buffer.from(`email\nx.${tag}@exa\u0000mple.com\n`), 400, /^line 2: the file holds a NUL character/],
      [Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0xff, 0xfe, 0x0a]), 400, /^The file is not UTF-8 text/],
      [
        `email\n${Array.from({ length: 5001 }, (_, i) => `u${i}.${tag}@example.com`).join('\n')}\n`,
        400,
        /^The file has more than 5,000 rows/,
      ],
      [`email,first_name\n${'a'.repeat(2 * 1024 * 1024)}\n`, 413, /^The file is larger than 2 MB/],
    ];
    for (const [body, status, message] of cases) {
      for (const call of [check, apply]) {
        const res = await call(token, body);
        expect(res.statusCode, String(body).slice(0, 60)).toBe(status);
        expect(res.json<{ message: string }>().message).toMatch(message);
      }
    }
    expect(
      await ctx.database.db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.user_name, [`x.${tag}@example.com`, `u0.${tag}@example.com`])),
    ).toEqual([]);
  });

  it('is for administrators only', async () => {
    const user = await ctx.createUser();
    const tag = crypto.randomUUID().slice(0, 8);
    const file = `email\nnew.${tag}@example.com\n`;
    expect((await apply(undefined, file)).statusCode).toBe(401);
    expect((await check(user.token, file)).statusCode).toBe(403);
    expect((await apply(user.token, file)).statusCode).toBe(403);
    expect(await usersNamed([`new.${tag}@example.com`])).toEqual([]);
  });
});

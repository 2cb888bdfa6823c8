import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InviteResponse } from '@airman/contracts/api.ts';
import { assignments, users } from '#db/schema.ts';
import { adminToken, describeApi } from '#test/harness.ts';

interface Received {
  to: string;
  body: string;
}

/** A real SMTP server on loopback that keeps what it receives and refuses nobody@ (550); stop() makes it an outage. */
class Inbox {
  received: Received[] = [];
  port = 0;
  private server: SMTPServer | null = null;

  async start(port = 0): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo: (address, _session, callback) => {
        if (address.address.startsWith('nobody@'))
          return callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
        callback();
      },
      onData: (stream, session, callback) => {
        let body = '';
        stream.on('data', (d: Buffer) => (body += d.toString()));
        stream.on('end', () => {
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', () => resolve()));
    this.port = (this.server as unknown as { server: { address(): { port: number } } }).server.address().port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
    this.server = null;
  }

  linkFor(to: string): string | undefined {
    const mail = this.received.findLast((r) => r.to === to);
    return /https?:\/\/\S+\/register\/([A-Za-z0-9_-]+)/.exec(mail?.body.replace(/=\r?\n/g, '') ?? '')?.[1];
  }
}

const inbox = new Inbox();
beforeAll(() => inbox.start());
afterAll(() => inbox.stop());

describeApi(
  'invites over SMTP',
  (ctx) => {
    it('invites new addresses, assigns the module, e-mails the link, and skips existing ones', async () => {
      const token = await adminToken(ctx);
      const res = await ctx.request(token, {
        method: 'PUT',
        url: '/api/admin/invite',
        payload: {
          emails: ['New.One@example.com', 'admin@example.com', 'new.one@example.com'],
          module: 'ready_airman_training',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<InviteResponse>()).toEqual({
        invited: ['new.one@example.com'],
        existing: ['admin@example.com'],
        not_emailed: [],
        refused: [],
        queued: [],
      });
      const [user] = await ctx.database.db.select().from(users).where(eq(users.user_name, 'new.one@example.com'));
      expect(user).toMatchObject({ pending: true, active_at: 0 });
      expect(user!.invite_code!.length).toBeGreaterThanOrEqual(22);
      const code = inbox.linkFor('new.one@example.com');
      expect(code).toBe(user!.invite_code);
      const assigned = await ctx.database.db.select().from(assignments).where(eq(assignments.user_id, user!.id));
      expect(assigned.map((a) => a.module_id)).toEqual(['ready_airman_training']);
    });

    it('names the module and its due date in the invite, and sets that due date on the assignment', async () => {
      const token = await adminToken(ctx);
      // 15 November 2026 picked in Denver: local midnight + 23 h.
      const due_at = Date.UTC(2026, 10, 16, 6);
      const res = await ctx.request(token, {
        method: 'PUT',
        url: '/api/admin/invite',
        payload: { emails: ['dated@example.com'], module: 'ready_airman_training', due_at },
      });
      expect(res.statusCode).toBe(200);
      const body = inbox.received.findLast((r) => r.to === 'dated@example.com')?.body.replace(/=\r?\n/g, '') ?? '';
      expect(body).toContain('Your training module: Ready Airman Training, due Sunday, November 15, 2026.');
      // Who sent it (the administrator of the request), and until when its link works.
      expect(body).toMatch(
        /\(admin@example\.com\) invited you to Ready Airman Training\.|^admin@example\.com invited you/m,
      );
      expect(body).toContain('The link works for 14 days, until ');
      const [user] = await ctx.database.db.select().from(users).where(eq(users.user_name, 'dated@example.com'));
      const [assigned] = await ctx.database.db.select().from(assignments).where(eq(assignments.user_id, user!.id));
      expect(assigned?.due_at).toBe(due_at);
      const noModule = await ctx.request(token, {
        method: 'PUT',
        url: '/api/admin/invite',
        payload: { emails: ['undated@example.com'], due_at },
      });
      expect([noModule.statusCode, noModule.json()]).toEqual([
        400,
        { message: 'due_at: give the module it is the due date of' },
      ]);
    });

    it('reports a long list as sent or queued, never as not e-mailed, and the queue sends every one', async () => {
      const token = await adminToken(ctx);
      const emails = Array.from({ length: 100 }, (_, i) => `squadron-${i}@example.com`);
      const res = await ctx.request(token, { method: 'PUT', url: '/api/admin/invite', payload: { emails } });
      const answer = res.json<InviteResponse>();
      expect(answer.invited).toHaveLength(100);
      expect(answer.not_emailed).toEqual([]);
      // The first batch left while the request waited; the rest wait their turn.
      expect(answer.queued.length).toBeGreaterThan(0);
      expect(answer.queued.length).toBeLessThan(100);
      await expect
        .poll(() => emails.filter((e) => inbox.linkFor(e) === undefined).length, { timeout: 60_000, interval: 500 })
        .toBe(0);
    }, 90_000);

    it('rejects the whole list when one address is invalid, creating nothing', async () => {
      const token = await adminToken(ctx);
      const res = await ctx.request(token, {
        method: 'PUT',
        url: '/api/admin/invite',
        payload: { emails: ['ok@example.com', 'bad@', 'worse'] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'List includes invalid or incomplete email addresses: bad@, worse' });
      expect(await ctx.database.db.select().from(users).where(eq(users.user_name, 'ok@example.com'))).toEqual([]);
    });

    it('keeps an invite through an SMTP outage, reports it, and resends when the server is back', async () => {
      const token = await adminToken(ctx);
      const port = inbox.port;
      await inbox.stop();
      const res = await ctx.request(token, {
        method: 'PUT',
        url: '/api/admin/invite',
        payload: { emails: ['outage@example.com'] },
      });
      expect(res.json<InviteResponse>()).toEqual({
        invited: ['outage@example.com'],
        existing: [],
        not_emailed: ['outage@example.com'],
        refused: [],
        queued: [],
      });
      const [user] = await ctx.database.db.select().from(users).where(eq(users.user_name, 'outage@example.com'));
      expect(user?.pending).toBe(true);
      const failedResend = await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user!.id}/reinvite` });
      expect(failedResend.statusCode).toBe(502);

      await inbox.start(port);
      const resend = await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user!.id}/reinvite` });
      expect(resend.statusCode).toBe(200);
      // Each resend carries a new code; the e-mail delivered has the current one, and the first is void.
      const [after] = await ctx.database.db.select().from(users).where(eq(users.id, user!.id));
      expect(inbox.linkFor('outage@example.com')).toBe(after!.invite_code);
      expect(after!.invite_code).not.toBe(user!.invite_code);
      expect(
        (await ctx.request(undefined, { method: 'GET', url: `/api/invite/${user!.invite_code}` })).statusCode,
      ).toBe(404);
      expect(after!.last_invite_at).toBeGreaterThanOrEqual(user!.last_invite_at);
    });

    it('says when the mail server refuses an address for good, rather than that it will retry', async () => {
      const token = await adminToken(ctx);
      const res = await ctx.request(token, {
        method: 'PUT',
        url: '/api/admin/invite',
        payload: { emails: ['nobody@example.com'] },
      });
      expect(res.json<InviteResponse>()).toEqual({
        invited: ['nobody@example.com'],
        existing: [],
        not_emailed: ['nobody@example.com'],
        refused: ['nobody@example.com'],
        queued: [],
      });
      const [user] = await ctx.database.db.select().from(users).where(eq(users.user_name, 'nobody@example.com'));
      const resend = await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user!.id}/reinvite` });
      expect({ status: resend.statusCode, body: resend.json() }).toEqual({
        status: 502,
        body: {
          message:
            'The mail server refused nobody@example.com (550 5.1.1 No such mailbox). Check the address: this e-mail will not be retried.',
        },
      });
    });

    it('looks an invite up, registers once, and the new account signs in', async () => {
      const token = await adminToken(ctx);
      await ctx.request(token, {
        method: 'PUT',
        url: '/api/admin/invite',
        payload: { emails: ['trainee@example.com'] },
      });
      const code = inbox.linkFor('trainee@example.com')!;
      const lookup = await ctx.request(undefined, { method: 'GET', url: `/api/invite/${code}` });
      expect(lookup.json()).toEqual({ user_name: 'trainee@example.com' });
      const body = { rank: 'AB', unit: '655 ISRW', first_name: 'Tia', last_name: 'Trainee', password: 'Str0ng-Pass!' };
      expect(
        (
          await ctx.request(undefined, {
            method: 'POST',
            url: `/api/register/${code}`,
            payload: { ...body, password: 'weak' },
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await ctx.request(undefined, {
            method: 'POST',
            url: `/api/register/${code}`,
            payload: { ...body, rank: 'Boss' },
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await ctx.request(undefined, { method: 'POST', url: `/api/register/${code}`, payload: body })).statusCode,
      ).toBe(200);
      expect(
        (await ctx.request(undefined, { method: 'POST', url: `/api/register/${code}`, payload: body })).statusCode,
      ).toBe(401);
      expect((await ctx.request(undefined, { method: 'GET', url: `/api/invite/${code}` })).statusCode).toBe(404);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { user_name: 'trainee@example.com', password: 'Str0ng-Pass!' },
      });
      expect(login.statusCode).toBe(200);
    });
  },
  { env: () => ({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'https://train.example.mil' }) },
);

describeApi('invites without SMTP_URL', (ctx) => {
  it('writes the e-mail to the outbox directory', async () => {
    const token = await adminToken(ctx);
    const res = await ctx.request(token, {
      method: 'PUT',
      url: '/api/admin/invite',
      payload: { emails: ['outbox@example.com'] },
    });
    expect(res.json<InviteResponse>().not_emailed).toEqual([]);
    const dir = path.join(ctx.config.dataDir, 'outbox');
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain('To: outbox@example.com');
    expect(eml).toContain('/register/');
  });
});

describeApi(
  'invite codes that void and expire',
  (ctx) => {
    const body = { rank: 'AB', unit: '655 ISRW', first_name: 'Tia', last_name: 'Trainee', password: 'Str0ng-Pass!' };
    async function invite(email: string) {
      const token = await adminToken(ctx);
      await ctx.request(token, { method: 'PUT', url: '/api/admin/invite', payload: { emails: [email] } });
      const [row] = await ctx.database.db.select().from(users).where(eq(users.user_name, email));
      return { token, id: row!.id, code: row!.invite_code as string };
    }
    const lookup = (code: string) => ctx.request(undefined, { method: 'GET', url: `/api/invite/${code}` });
    const register = (code: string) =>
      ctx.request(undefined, { method: 'POST', url: `/api/register/${code}`, payload: body });

    it('gives a corrected address a new code and voids the one sent to the first', async () => {
      const { token, id, code } = await invite('typo@exmaple.com');
      const fixed = await ctx.request(token, {
        method: 'POST',
        url: `/api/admin/users/${id}`,
        payload: { user_name: 'typo@example.com' },
      });
      expect(fixed.statusCode).toBe(200);
      expect((await lookup(code)).statusCode).toBe(404);
      expect((await register(code)).statusCode).toBe(401);
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
      expect(row!.invite_code).not.toBe(code);
      expect((await lookup(row!.invite_code as string)).json()).toEqual({ user_name: 'typo@example.com' });
    });

    it('says in words that an invite has expired, and refuses to register with it', async () => {
      const { id, code } = await invite('late@example.com');
      // Sent 3 days ago, with INVITE_TTL_DAYS=2.
      await ctx.database.db
        .update(users)
        .set({ last_invite_at: Date.now() - 3 * 24 * 60 * 60 * 1000 })
        .where(eq(users.id, id));
      const expired = await lookup(code);
      expect([expired.statusCode, expired.json()]).toEqual([
        410,
        { message: 'This invite has expired. Ask your administrator to send a new one.' },
      ]);
      expect((await register(code)).statusCode).toBe(410);
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
      expect(row!.pending).toBe(true);
    });

    it('refuses registration to an invitee an administrator deactivated, until the invite is resent', async () => {
      const { token, id, code } = await invite('revoked@example.com');
      expect(
        (await ctx.request(token, { method: 'POST', url: `/api/admin/users/${id}`, payload: { active_at: 0 } }))
          .statusCode,
      ).toBe(200);
      expect((await lookup(code)).statusCode).toBe(404);
      expect((await register(code)).statusCode).toBe(401);
      expect((await ctx.request(token, { method: 'POST', url: `/api/admin/users/${id}/reinvite` })).statusCode).toBe(
        200,
      );
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
      expect((await register(row!.invite_code as string)).statusCode).toBe(200);
    });

    it('refuses registration once the invitee is deleted', async () => {
      const { token, id, code } = await invite('deleted@example.com');
      expect((await ctx.request(token, { method: 'DELETE', url: `/api/admin/users/${id}` })).statusCode).toBe(200);
      expect((await register(code)).statusCode).toBe(401);
    });
  },
  { env: { INVITE_TTL_DAYS: '2' } },
);

import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { dueDateInWords, dueDateIso } from './due-date.ts';
import {
  digestEmail,
  inviteEmail,
  pastDueEmail,
  passwordResetEmail,
  deviceTrustEmail,
  reminderEmail,
  type RenderedEmail,
} from './templates.ts';

const URL_BASE = 'https://train.example.mil';
// 15 November 2026 picked in Denver (UTC−7): local midnight + 23 h = 16 Nov 06:00 UTC.
const DENVER_DUE = Date.UTC(2026, 10, 16, 6);

/** Builds the message as the mailer sends it, then reads it back with a real MIME parser. */
async function parse(email: RenderedEmail): Promise<ParsedMail> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail({
    from: 'no-reply@example.mil',
    to: 'a@example.mil',
    subject: email.subject,
    text: email.text,
    html: email.html,
  });
  const raw = (info.message as Buffer).toString();
  expect(raw).toMatch(/Content-Type: multipart\/alternative/);
  return simpleParser(info.message as Buffer);
}

function links(html: string | false | undefined): string[] {
  return [...(html || '').matchAll(/href="([^"]+)"/g)].map((m) => m[1] as string);
}

describe('the due date', () => {
  it('is the calendar date picked, from any zone the web app stored it in', () => {
    const picked = '2026-11-15';
    for (const offsetHours of [-11, -10, -7, -5, 0, 1, 9, 12]) {
      // The picking browser's local midnight + 23 h, as an instant.
      const stored = Date.UTC(2026, 10, 15, 23) - offsetHours * 3_600_000;
      expect([offsetHours, dueDateIso(stored)]).toEqual([offsetHours, picked]);
    }
    expect(dueDateInWords(DENVER_DUE)).toBe('Sunday, November 15, 2026');
  });
});

describe('e-mail templates', () => {
  it('renders the invite with its link, and the module and due date it carries', async () => {
    const facts = { inviter: 'Jane Smith (jane@example.com)', expiresAt: Date.UTC(2026, 11, 10, 17, 5), days: 14 };
    const mail = await parse(
      inviteEmail(URL_BASE, 'c0de_-x', facts, [{ title: 'Ready Airman Training Basics', due_at: DENVER_DUE }]),
    );
    expect(mail.text).toContain('Jane Smith (jane@example.com) invited you to Ready Airman Training.');
    expect(mail.text).toContain('The link works for 14 days, until Thursday, December 10, 2026 at 17:05 UTC.');
    expect(mail.subject).toBe('Your invitation to Ready Airman Training');
    expect(mail.text).toContain('Your training module: Ready Airman Training Basics, due Sunday, November 15, 2026.');
    expect(mail.text).toContain(`${URL_BASE}/register/c0de_-x`);
    expect(mail.html).toContain('<h1 style="font-size:20px">Ready Airman Training</h1>');
    expect(mail.html).toContain('Ready Airman Training Basics, due Sunday, November 15, 2026.');
    expect(links(mail.html)).toEqual([`${URL_BASE}/register/c0de_-x`, URL_BASE]);
    const plain = await parse(inviteEmail(URL_BASE, 'abc', { ...facts, inviter: '', days: 1 }));
    expect(plain.text).not.toContain('training module');
    expect(plain.text).toContain('You have been invited to Ready Airman Training.');
    expect(plain.text).toContain('The link works for 1 day, until');
  });

  it('renders the password reset with its single-use link', async () => {
    const mail = await parse(passwordResetEmail(URL_BASE, 'tok'));
    expect(mail.subject).toBe('Reset your Ready Airman Training password');
    expect(mail.text).toContain(`${URL_BASE}/reset-password/tok`);
    expect(links(mail.html)).toEqual([`${URL_BASE}/reset-password/tok`, URL_BASE]);
  });

  it('renders the new-device link with when and from where the right password came', async () => {
    const at = Date.UTC(2026, 10, 26, 9, 42);
    const mail = await parse(
      deviceTrustEmail(URL_BASE, 'tok', { at, ip: '203.0.113.9', browser: 'Firefox on Windows' }),
    );
    expect(mail.subject).toBe('Sign in to Ready Airman Training on a new device');
    expect(mail.text).toContain(
      'When: Thursday, November 26, 2026 at 09:42 UTC. From: Firefox on Windows, address 203.0.113.9.',
    );
    expect(mail.text).toContain(`${URL_BASE}/login/trust#tok`);
    expect(links(mail.html)).toEqual([`${URL_BASE}/login/trust#tok`, URL_BASE]);
  });

  it('renders a reminder before the due date: module, date in words, days left, status, link to play', async () => {
    const facts = { firstName: 'Tia', module: 'Fitness <Week 1>', due_at: DENVER_DUE, status: 'Not Started' };
    const mail = await parse(reminderEmail(URL_BASE, facts, 5));
    expect(mail.subject).toBe('Fitness <Week 1> is due in 5 days');
    expect(mail.text).toContain('Hello Tia,');
    expect(mail.text).toContain(
      'Your training module Fitness <Week 1> is due in 5 days, on Sunday, November 15, 2026.',
    );
    expect(mail.text).toContain('Status: Not Started.');
    // Values are escaped in the HTML part, never taken as markup.
    expect(mail.html).toContain('Fitness &lt;Week 1&gt; is due in 5 days');
    expect(links(mail.html)).toEqual([`${URL_BASE}/`, URL_BASE]);
    expect((await parse(reminderEmail(URL_BASE, facts, 1))).subject).toBe('Fitness <Week 1> is due within a day');
  });

  it('renders the past-due reminder', async () => {
    const mail = await parse(
      pastDueEmail(URL_BASE, { firstName: '', module: 'Fitness', due_at: DENVER_DUE, status: 'Past Due' }),
    );
    expect(mail.subject).toBe('Fitness is past due');
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain(
      'Your training module Fitness was due on Sunday, November 15, 2026 and is not complete.',
    );
    expect(mail.text).toContain('Status: Past Due.');
    expect(links(mail.html)).toEqual([`${URL_BASE}/`, URL_BASE]);
  });

  it("renders the digest: each module's count, its most overdue by name, and a link to Progress filtered to it", async () => {
    const due = Date.UTC(2026, 10, 15, 23);
    const mail = await parse(
      digestEmail(URL_BASE, 'Ada', [
        {
          id: 'fit ness',
          title: 'Fitness',
          count: 25,
          trainees: [
            { name: 'Lee, Ann', unit: '655 ISRW', due_at: due },
            { name: 'Moe, Bo', unit: '', due_at: due + 86_400_000 },
          ],
        },
        { id: 'security', title: 'Security', count: 1, trainees: [{ name: 'Ng, Cy', unit: '480 ISRW', due_at: due }] },
      ]),
    );
    expect(mail.subject).toBe('Ready Airman Training: 26 past due in 2 modules');
    expect(mail.text).toContain('26 assignments are past due and not complete, in 2 modules.');
    expect(mail.text).toContain(
      'Fitness: 25 past due, the 2 most overdue\nName      Unit       Due\nLee, Ann  655 ISRW   Nov 15, 2026\nMoe, Bo   (no unit)  Nov 16, 2026\n\nSee all 25 on Progress:\nhttps://train.example.mil/progress?module=fit%20ness',
    );
    expect(mail.text).toContain('Security: 1 past due\nName    Unit      Due\nNg, Cy  480 ISRW  Nov 15, 2026');
    expect(mail.html).toContain(
      '<td style="text-align:left;padding:4px 12px 4px 0;border-bottom:1px solid #e0e0e0">Lee, Ann</td>',
    );
    expect(links(mail.html)).toEqual([
      `${URL_BASE}/progress?module=fit%20ness`,
      `${URL_BASE}/progress?module=security`,
      URL_BASE,
    ]);
    expect(mail.text).toContain(`${URL_BASE}/profile`);
  });
});

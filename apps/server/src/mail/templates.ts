/**
 * Every e-mail the product sends, one template per kind. A template is a list
 * of blocks (paragraphs, links, tables) rendered twice: as plain text and as
 * HTML, so the two parts of the multipart message always say the same thing.
 * Links are built from PUBLIC_URL, never from a request's Host header.
 */
import type { EmailKind } from '@airman/contracts/emails.ts';
import { dueDateInWords, dueDateShort } from './due-date.ts';
import { escapeHtml } from '../lib/escape-html.ts';

export const PRODUCT_NAME = 'Ready Airman Training';

type Block =
  | { kind: 'p'; text: string }
  | { kind: 'link'; label: string; url: string }
  | { kind: 'table'; caption: string; header: string[]; rows: string[][] };

export interface RenderedEmail {
  kind: EmailKind;
  subject: string;
  text: string;
  html: string;
}

const p = (text: string): Block => ({ kind: 'p', text });
const link = (label: string, url: string): Block => ({ kind: 'link', label, url });

function renderText(blocks: Block[], publicUrl: string): string {
  const parts = blocks.map((b) => {
    if (b.kind === 'p') return b.text;
    if (b.kind === 'link') return `${b.label}:\n${b.url}`;
    const widths = b.header.map((h, i) => Math.max(h.length, ...b.rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) =>
      cells
        .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
        .join('  ')
        .trimEnd();
    return [b.caption, line(b.header), ...b.rows.map(line)].join('\n');
  });
  return `${PRODUCT_NAME}\n\n${parts.join('\n\n')}\n\n-- \n${PRODUCT_NAME}: ${publicUrl}\n`;
}

function renderHtml(subject: string, blocks: Block[], publicUrl: string): string {
  const cell = 'style="text-align:left;padding:4px 12px 4px 0;border-bottom:1px solid #e0e0e0"';
  const parts = blocks.map((b) => {
    if (b.kind === 'p') return `<p>${escapeHtml(b.text)}</p>`;
    if (b.kind === 'link') {
      const url = escapeHtml(b.url);
      return `<p><a href="${url}">${escapeHtml(b.label)}</a><br><span style="color:#525252">${url}</span></p>`;
    }
    const head = b.header.map((h) => `<th scope="col" ${cell}>${escapeHtml(h)}</th>`).join('');
    const rows = b.rows.map((r) => `<tr>${r.map((c) => `<td ${cell}>${escapeHtml(c)}</td>`).join('')}</tr>`).join('');
    return `<table style="border-collapse:collapse"><caption style="text-align:left;font-weight:600;padding-bottom:4px">${escapeHtml(b.caption)}</caption><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
  });
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:'IBM Plex Sans',Arial,sans-serif;color:#161616;line-height:1.5">` +
    `<h1 style="font-size:20px">${PRODUCT_NAME}</h1>${parts.join('')}` +
    `<p style="color:#525252;font-size:12px">${PRODUCT_NAME}: <a href="${escapeHtml(publicUrl)}">${escapeHtml(publicUrl)}</a></p></body></html>`
  );
}

function render(kind: EmailKind, publicUrl: string, subject: string, blocks: Block[]): RenderedEmail {
  return { kind, subject, text: renderText(blocks, publicUrl), html: renderHtml(subject, blocks, publicUrl) };
}

/** A module the e-mail names, with its due date (epoch ms; 0 = none). */
export interface NamedModule {
  title: string;
  due_at: number;
}

function moduleSentence(m: NamedModule): string {
  return m.due_at > 0 ? `${m.title}, due ${dueDateInWords(m.due_at)}` : m.title;
}

const momentInWords = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** Who sent an invite, and until when its link works. */
export interface InviteFacts {
  /** The administrator in words ("Jane Smith (jane@example.com)"); empty when the server sent it. */
  inviter: string;
  /** When the link stops working (epoch ms). */
  expiresAt: number;
  /** The link's lifetime in days, as INVITE_TTL_DAYS sets it. */
  days: number;
}

/**
 * The invite: who sent it, the link to register and until when it works, and, when the invite
 * carries them, the modules assigned and their due dates.
 */
export function inviteEmail(
  publicUrl: string,
  code: string,
  facts: InviteFacts,
  modules: NamedModule[] = [],
): RenderedEmail & { link: string } {
  const url = `${publicUrl}/register/${encodeURIComponent(code)}`;
  const blocks = [
    p(facts.inviter ? `${facts.inviter} invited you to ${PRODUCT_NAME}.` : `You have been invited to ${PRODUCT_NAME}.`),
  ];
  if (modules.length === 1) blocks.push(p(`Your training module: ${moduleSentence(modules[0] as NamedModule)}.`));
  if (modules.length > 1) blocks.push(p(`Your training modules: ${modules.map(moduleSentence).join('; ')}.`));
  blocks.push(
    link('Create your account', url),
    p(
      `The link works for ${facts.days === 1 ? '1 day' : `${facts.days} days`}, until ` +
        `${momentInWords.format(new Date(facts.expiresAt))}. After that, ask your administrator to send a new invite.`,
    ),
    p('If you did not expect this e-mail, you can ignore it.'),
  );
  return { ...render('invite', publicUrl, `Your invitation to ${PRODUCT_NAME}`, blocks), link: url };
}

/** The password reset link. */
export function passwordResetEmail(publicUrl: string, token: string): RenderedEmail {
  return render('password_reset', publicUrl, `Reset your ${PRODUCT_NAME} password`, [
    p(`Someone asked to reset the password of your ${PRODUCT_NAME} account.`),
    link(
      'Set a new password (the link works once, for 30 minutes)',
      `${publicUrl}/reset-password/${encodeURIComponent(token)}`,
    ),
    p('If it was not you, ignore this e-mail: your password stays as it is.'),
  ]);
}

/** Where and when a right password came from while the account was locked. */
export interface SignInAttempt {
  at: number;
  /** The client's address. */
  ip: string;
  /** Its browser and system in words (mail/user-agent.ts). */
  browser: string;
}

/**
 * The link that signs in and trusts a new device, sent when the right password
 * came from a device the account's lock held back.
 */
export function deviceTrustEmail(publicUrl: string, token: string, attempt: SignInAttempt): RenderedEmail {
  return render('device_trust', publicUrl, `Sign in to ${PRODUCT_NAME} on a new device`, [
    p(
      `Your ${PRODUCT_NAME} account had many failed sign-ins, so it only lets in devices it knows. ` +
        'Someone then entered your password correctly from a device it does not know:',
    ),
    p(`When: ${momentInWords.format(new Date(attempt.at))}. From: ${attempt.browser}, address ${attempt.ip}.`),
    link(
      'If it was you, sign in and trust that device (the link works once, for 15 minutes, in that same browser)',
      `${publicUrl}/login/trust#${encodeURIComponent(token)}`,
    ),
    p(
      'If it was not you, do not use the link, and change your password: someone else knows it. ' +
        'Your administrator can help.',
    ),
  ]);
}

/** What a reminder says about one assignment. */
export interface ReminderFacts {
  firstName: string;
  module: string;
  due_at: number;
  /** The status label of spec §4, as the trainee sees it. */
  status: string;
}

function greeting(firstName: string): string {
  return firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,';
}

/** Before the due date: the module, the date in words, how many days are left (rounded up), the status, the link to play. */
export function reminderEmail(publicUrl: string, facts: ReminderFacts, daysLeft: number): RenderedEmail {
  const when = daysLeft <= 1 ? 'within a day' : `in ${daysLeft} days`;
  return render('reminder', publicUrl, `${facts.module} is due ${when}`, [
    p(greeting(facts.firstName)),
    p(`Your training module ${facts.module} is due ${when}, on ${dueDateInWords(facts.due_at)}.`),
    p(`Status: ${facts.status}.`),
    link('Play it now', `${publicUrl}/`),
  ]);
}

/**
 * Before a recertifying module's completion lapses (renews_at): the certification expires and the
 * module is due again on that date; how many days are left (rounded up), the link to play.
 */
export function renewalReminderEmail(publicUrl: string, facts: ReminderFacts, daysLeft: number): RenderedEmail {
  const when = daysLeft <= 1 ? 'within a day' : `in ${daysLeft} days`;
  const date = dueDateInWords(facts.due_at);
  return render('reminder', publicUrl, `${facts.module} certification expires ${when}`, [
    p(greeting(facts.firstName)),
    p(`Your certification in ${facts.module} expires ${when}, on ${date}: the module is due again on that date.`),
    p('Play it again by then to stay certified.'),
    link('Play it now', `${publicUrl}/`),
  ]);
}

/** Once past the due date: the module, the date in words, the status, the link to play. */
export function pastDueEmail(publicUrl: string, facts: ReminderFacts): RenderedEmail {
  return render('past_due', publicUrl, `${facts.module} is past due`, [
    p(greeting(facts.firstName)),
    p(`Your training module ${facts.module} was due on ${dueDateInWords(facts.due_at)} and is not complete.`),
    p(`Status: ${facts.status}.`),
    link('Play it now', `${publicUrl}/`),
  ]);
}

/** What an administrator's reminder says: the trainee's overdue modules and the administrator's note. */
export interface NudgeFacts {
  firstName: string;
  /** The overdue modules, each with the due date it passed. */
  modules: NamedModule[];
  /** The administrator in words ("Jane Smith (jane@example.com)"). */
  sender: string;
  /** Their note, as they typed it (escaped in the HTML part like every text); empty: none. */
  note: string;
}

/** An administrator's reminder to an overdue trainee (POST admin/reminders/nudge). */
export function nudgeEmail(publicUrl: string, facts: NudgeFacts): RenderedEmail {
  const [first] = facts.modules;
  const subject =
    facts.modules.length === 1 && first
      ? `Reminder: ${first.title} is past due`
      : 'Reminder: your training is past due';
  const blocks = [
    p(greeting(facts.firstName)),
    p(
      `${facts.sender || 'Your administrator'} reminds you that your training is past due: ` +
        `${facts.modules.map((m) => (m.due_at > 0 ? `${m.title}, due ${dueDateInWords(m.due_at)}` : m.title)).join('; ')}.`,
    ),
  ];
  if (facts.note.trim()) blocks.push(p(`Their note: ${facts.note.trim()}`));
  blocks.push(link('Play it now', `${publicUrl}/`));
  return render('nudge', publicUrl, subject, blocks);
}

/** How many names the digest lists under each module; the rest are on Progress, filtered to it. */
export const DIGEST_NAMES_PER_MODULE = 20;

/** One overdue assignment as the digest lists it. */
export interface OverdueTrainee {
  name: string;
  unit: string;
  due_at: number;
}

/** A module's overdue assignments: how many, and the first DIGEST_NAMES_PER_MODULE of them, most overdue first. */
export interface OverdueModule {
  id: string;
  title: string;
  count: number;
  trainees: OverdueTrainee[];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The weekly digest to an administrator: for each module with overdue
 * assignments (at least one: no digest is sent without), how many, the names
 * of the most overdue, and a link to Progress filtered to the module. The
 * subject counts what the body lists.
 */
export function digestEmail(publicUrl: string, firstName: string, modules: OverdueModule[]): RenderedEmail {
  const total = modules.reduce((n, m) => n + m.count, 0);
  const inModules = plural(modules.length, 'module', 'modules');
  const blocks = [
    p(greeting(firstName)),
    p(`${plural(total, 'assignment is', 'assignments are')} past due and not complete, in ${inModules}.`),
    p(
      'Counted as Progress counts them: every assignment past its due date and not complete, ' +
        'invitees who have not registered yet and deactivated accounts included.',
    ),
  ];
  for (const m of modules) {
    const shown = m.trainees.length;
    blocks.push(
      {
        kind: 'table',
        caption:
          shown < m.count
            ? `${m.title}: ${m.count} past due, the ${shown} most overdue`
            : `${m.title}: ${m.count} past due`,
        header: ['Name', 'Unit', 'Due'],
        rows: m.trainees.map((t) => [t.name, t.unit || '(no unit)', dueDateShort(t.due_at)]),
      },
      link(
        shown < m.count ? `See all ${m.count} on Progress` : `See ${m.title} on Progress`,
        `${publicUrl}/progress?module=${encodeURIComponent(m.id)}`,
      ),
    );
  }
  blocks.push(p(`You can turn this weekly e-mail off in your profile: ${publicUrl}/profile`));
  return render('digest', publicUrl, `${PRODUCT_NAME}: ${total} past due in ${inModules}`, blocks);
}

/** What the follow-up questionnaire's e-mail names. */
export interface FollowupFacts {
  firstName: string;
  moduleId: string;
  module: string;
  /** Days since the completion it follows (FOLLOWUP_DAYS). */
  days: number;
}

/** FOLLOWUP_DAYS after a completion: the questionnaire again, on a page of its own (sign-in first). */
export function followupEmail(publicUrl: string, facts: FollowupFacts): RenderedEmail {
  return render('followup', publicUrl, `${facts.module}: a few questions, ${facts.days} days on`, [
    p(greeting(facts.firstName)),
    p(
      `You completed ${facts.module} ${facts.days} days ago. Please answer its questionnaire once more: ` +
        'it shows your training team what stayed with you. It takes a few minutes.',
    ),
    link('Answer the questionnaire', `${publicUrl}/followup/${encodeURIComponent(facts.moduleId)}`),
  ]);
}

/** Setting up data through the product's own API, as an administrator would. */
import fs from 'node:fs';
import path from 'node:path';
import { blankAction, DEFAULT_GAME_RECORD, type Action, type Module } from '@airman/contracts/module.ts';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './constants.ts';
import { ourServer } from './server.ts';

export async function apiLogin(
  baseUrl: string,
  user_name = E2E_ADMIN_EMAIL,
  password = E2E_ADMIN_PASSWORD,
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { auth: string }).auth;
}

/** The API's answer to a call as it is, its status and body, whatever the status. */
export async function apiRaw(
  baseUrl: string,
  token: string,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${baseUrl}/api/${urlPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

export async function api<T>(
  baseUrl: string,
  token: string,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<T> {
  const { status, text } = await apiRaw(baseUrl, token, method, urlPath, body);
  if (status < 200 || status > 299) throw new Error(`${method} ${urlPath}: ${status} ${text}`);
  return JSON.parse(text) as T;
}

/** Where a server of a test's own (not the worker's) has its SMTP inbox write. */
const ownMailDirs = new Set<string>();

/** Reads the mail in `dir` too (a test's own server's inbox), until the function returned is called. */
export function readMailIn(dir: string): () => void {
  ownMailDirs.add(dir);
  return () => void ownMailDirs.delete(dir);
}

/** The messages the e2e SMTP servers accepted, newest first, soft line breaks undone. */
function receivedMail(): string[] {
  const dirs = ownMailDirs.size > 0 ? [...ownMailDirs] : [ourServer().mailDir];
  return dirs
    .filter((dir) => fs.existsSync(dir))
    .flatMap((dir) => fs.readdirSync(dir).map((file) => ({ file, dir })))
    .sort((a, b) => (a.file < b.file ? 1 : a.file > b.file ? -1 : 0))
    .map(({ file, dir }) => fs.readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, ''));
}

/** The messages to an address, newest first (raw, soft line breaks undone). */
export function mailTo(email: string): string[] {
  return receivedMail().filter((eml) => eml.includes(`To: ${email}`));
}

/** Whether the e2e SMTP server accepted any message to this address. */
export function mailReceivedBy(email: string): boolean {
  return receivedMail().some((eml) => eml.includes(`To: ${email}`));
}

/** The invite code of the newest invite e-mail the SMTP server accepted for an address. */
export function inviteCodeFromMail(email: string): string {
  for (const eml of receivedMail()) {
    if (eml.includes(`To: ${email}`)) {
      const match = /\/register\/([A-Za-z0-9_-]+)/.exec(eml);
      if (match?.[1]) return match[1];
    }
  }
  throw new Error(`no invite e-mail for ${email}`);
}

/** The token of the newest password reset e-mail to an address, or undefined. */
export function resetTokenFromMail(email: string): string | undefined {
  for (const eml of receivedMail()) {
    const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(eml);
    if (eml.includes(`To: ${email}`) && match?.[1]) return match[1];
  }
  return undefined;
}

/** Invites an address (optionally with a module) and registers it, as the invitee would. */
export async function inviteAndRegister(
  baseUrl: string,
  email: string,
  password: string,
  who: { first_name: string; last_name: string; rank?: string; module?: string; due_at?: number },
): Promise<void> {
  const admin = await apiLogin(baseUrl);
  await api(baseUrl, admin, 'PUT', 'admin/invite', {
    emails: [email],
    ...(who.module ? { module: who.module, ...(who.due_at ? { due_at: who.due_at } : {}) } : {}),
  });
  const res = await fetch(`${baseUrl}/api/register/${inviteCodeFromMail(email)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      rank: who.rank ?? 'AB',
      unit: '655 ISRW',
      first_name: who.first_name,
      last_name: who.last_name,
      password,
    }),
  });
  if (!res.ok) throw new Error(`register ${email}: ${res.status}`);
}

/**
 * Returns once a check of the server's scheduler has planned after this call: a trainee invited
 * now, whose module is due in two days, has the reminder that check queued. (An e-mail a check
 * would wrongly queue again, it would have queued by then.)
 */
export async function schedulerChecked(baseUrl: string): Promise<void> {
  const witness = uniqueEmail('scheduler-witness');
  await inviteAndRegister(baseUrl, witness, 'Str0ng-Pass!', {
    first_name: 'Wit',
    last_name: 'Ness',
    module: 'ready_airman_training',
    due_at: Date.now() + 2 * 24 * 60 * 60 * 1000,
  });
  const deadline = Date.now() + 20_000;
  while (!mailTo(witness).some((m) => m.includes('Subject: Ready Airman Training is due in'))) {
    if (Date.now() > deadline) throw new Error(`no scheduler check reminded ${witness} within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let counter = 0;
/** A unique address for a test's own trainee. */
export function uniqueEmail(prefix: string, domain = 'example.com'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@${domain}`;
}

/** An action that raises fitness and passes PT. */
export const passPtRun: Action = {
  ...blankAction('Run'),
  results: { fitness: 10 },
  changes_objectives: { add: [], remove: ['Pass PT'] },
};

/** A small module to make through the API: three days, two gauges, one objective that Run passes; `more` over it. */
export function smallModule(title: string, more: Partial<Module> = {}): Module {
  return {
    ...DEFAULT_GAME_RECORD,
    game_title: title,
    days: 3,
    daily_time_tokens: 4,
    starting_gauges: { morale: 60, fitness: 50 },
    objectives: [{ name: 'Pass PT', active: true, hidden: false }],
    actions: [passPtRun],
    ...more,
  };
}

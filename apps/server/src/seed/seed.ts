/**
 * Content every installation starts with, written at start and idempotent:
 * the base module ready_airman_training, its questionnaire, and an admin account.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { modules, questionnaires, users } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { cafQuestionnaire } from './caf-questionnaire.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export interface SeedOptions {
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Where a generated admin password is shown (once). */
  announce: (message: string) => void;
  log: FastifyBaseLogger;
}

export async function seed(db: Db, opts: SeedOptions): Promise<void> {
  const now = Date.now();
  const { id, game_title, game_description, game_type, archived_at, ...content } = readyAirmanModule;
  await db
    .insert(modules)
    .values({ id, game_title, game_description, game_type, archived_at, content, created_at: now, updated_at: now })
    // A base module is locked in the editor: each release's content replaces the last (runs keep their snapshot).
    .onConflictDoUpdate({ target: modules.id, set: { game_title, game_description, content, updated_at: now } });
  await db
    .insert(questionnaires)
    .values({ module_id: id, content: cafQuestionnaire, updated_at: now })
    .onConflictDoNothing();
  await ensureAdmin(db, opts, now);
}

function randomPassword(): string {
  // 18 random bytes, plus the classes the password policy asks for.
  return `${crypto.randomBytes(18).toString('base64url')}-A1`;
}

async function ensureAdmin(db: Db, opts: SeedOptions, now: number): Promise<void> {
  let email = opts.adminEmail;
  let password = opts.adminPassword;
  let generated = false;
  if (email === undefined) {
    const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    if (anyAdmin) return;
    email = DEFAULT_ADMIN_EMAIL;
    password = randomPassword();
    generated = true;
  }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.user_name, email)).limit(1);
  // Never overwrite an existing account's password.
  if (existing) return;
  const inserted = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      user_name: email,
      password_hash: await hashPassword(password as string),
      first_name: 'Admin',
      last_name: 'Administrator',
      rank: 'Civ',
      role: 'admin',
      active_at: now,
      created_at: now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return;
  opts.log.info({ email }, 'admin account created');
  if (generated) {
    opts.announce(
      `\n  Admin account created: ${email}\n  Password (shown once, change it under Profile): ${password}\n`,
    );
  }
}

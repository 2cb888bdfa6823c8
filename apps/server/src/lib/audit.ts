/**
 * Writing the audit log (db/schema.ts, audit_log and sign_in_log). A change writes its entry
 * through `audit(tx, …)` inside its own transaction, so both commit or neither does. Who acted,
 * from which address and in which request comes from the request being served
 * (plugins/audit-source.ts puts it in AsyncLocalStorage); outside a request (the server's own
 * jobs) the actor is the server itself. Fields that are secrets never reach the log.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import { PATH_SEPARATOR } from '@airman/contracts/version-diff.ts';
import type { Db } from '../db/database.ts';
import { auditLog, signInLog } from '../db/schema.ts';

export type AuditTargetKind = 'user' | 'module' | 'questionnaire' | 'report' | 'audit' | 'reminder';

export type AuditFields = Record<string, unknown>;

export interface AuditActor {
  id: string | null;
  name: string;
}

export interface AuditEntry {
  action: string;
  target: { kind: AuditTargetKind; id: string; name?: string };
  /** The fields the action changed, as they were (null: nothing was there, e.g. before a creation). */
  before?: AuditFields | null;
  after?: AuditFields | null;
  /** Who acted, when not the request's caller (a trainee registering is their own actor). */
  actor?: AuditActor;
}

/** The request being served, for its transactions' entries. */
export const auditRequest = new AsyncLocalStorage<FastifyRequest>();

/** Field names never written: passwords, their hashes, invite and reset codes, tokens, secrets. */
export const SECRET_FIELD = /(password|hash|secret|^code$|_code$|^token$|_token$)/i;

/**
 * Whether a key names a secret field. A module save's keys ("Actions › Run › token cost") are the
 * Versions diff's words, row names among them, not field names: they are built from content
 * already without secrets (features/audit/entries.ts), and an action called "Password drill"
 * is evidence like any other.
 */
export function isSecretField(key: string): boolean {
  return !key.includes(PATH_SEPARATOR) && SECRET_FIELD.test(key);
}

/** The fields without any secret, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !isSecretField(key))
      .map(([key, v]) => [key, withoutSecrets(v)]),
  );
}

interface Source {
  actor: AuditActor;
  address: string;
  requestId: string;
}

function currentSource(): Source {
  const request = auditRequest.getStore();
  if (!request) return { actor: { id: null, name: 'server' }, address: '', requestId: '' };
  const user = request.authUser;
  return {
    actor: user ? { id: user.id, name: user.row.user_name } : { id: null, name: '' },
    address: request.ip,
    requestId: String(request.id),
  };
}

/** Who is acting now: the request's caller, or the server itself outside a request. */
export function currentActor(): AuditActor {
  return currentSource().actor;
}

/**
 * The request's caller in words, for a letter sent on their behalf: "Jane Smith
 * (jane@example.com)", or the address alone; empty outside a request (the server's own jobs).
 */
export function currentCallerInWords(): string {
  const row = auditRequest.getStore()?.authUser?.row;
  if (!row) return '';
  const name = `${row.first_name} ${row.last_name}`.trim();
  return name ? `${name} (${row.user_name})` : row.user_name;
}

/** Writes the entries in the transaction `tx` (one statement), stamped with the request's source. */
export async function audit(tx: Db, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const source = currentSource();
  const at = Date.now();
  await tx.insert(auditLog).values(
    entries.map((e) => {
      const actor = e.actor ?? source.actor;
      return {
        at,
        actor_id: actor.id,
        actor_name: actor.name,
        action: e.action,
        target_kind: e.target.kind,
        target_id: e.target.id,
        target_name: e.target.name ?? '',
        before: e.before ? (withoutSecrets(e.before) as AuditFields) : null,
        after: e.after ? (withoutSecrets(e.after) as AuditFields) : null,
        address: source.address,
        request_id: source.requestId,
      };
    }),
  );
}

/** Signed in; a wrong name or password; held by the account's lock; refused for too many failures. */
export type SignInOutcome = 'signed_in' | 'failed' | 'locked' | 'refused';

/** How a sign-in came: a password, an e-mailed new-device link, or the identity provider. */
export type SignInMethod = 'password' | 'device_link' | 'provider';

/** A sign-in or a refused one, in the lighter stream (kept AUDIT_SIGNIN_DAYS). */
export async function auditSignIn(
  db: Db,
  entry: {
    userId: string | null;
    userName: string;
    outcome: SignInOutcome;
    /** password unless said. */
    method?: SignInMethod;
    /** Why a provider sign-in was refused or failed. */
    reason?: string;
  },
): Promise<void> {
  const source = currentSource();
  await db.insert(signInLog).values({
    at: Date.now(),
    user_id: entry.userId,
    user_name: entry.userName,
    outcome: entry.outcome,
    method: entry.method ?? 'password',
    reason: entry.reason ?? '',
    address: source.address,
    request_id: source.requestId,
  });
}

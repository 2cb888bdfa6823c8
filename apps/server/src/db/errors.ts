/** What a failed statement's PostgreSQL error code says (both databases give the same codes). */

function postgresCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
}

/** Postgres unique_violation (Drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  return postgresCode(error) === '23505';
}

/** Postgres foreign_key_violation: a referenced row (e.g. the user) is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresCode(error) === '23503';
}

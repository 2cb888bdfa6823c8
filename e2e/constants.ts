export const E2E_ADMIN_EMAIL = 'e2e-admin@example.com';
export const E2E_ADMIN_PASSWORD = 'E2e-Admin-Passw0rd!';
/** The e2e SMTP server refuses recipients of this domain permanently (550). */
export const UNDELIVERABLE_DOMAIN = 'undeliverable.test';
/**
 * How many e2e test files run at once, each worker with its own server (e2e/global-setup.ts).
 * One by default: on a 2-core machine one file's browser, server and runner take both cores in
 * bursts, and a second worker made each file about twice as slow (little time saved) with waits
 * timing out; npm test fills the idle time between the bursts with the other projects instead,
 * at a lower priority (scripts/test.mjs). E2E_WORKERS=2 runs two at a time on a larger machine.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1) || 1);

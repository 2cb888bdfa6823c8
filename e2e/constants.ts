export const E2E_ADMIN_EMAIL = 'e2e-admin@example.com';
export const E2E_ADMIN_PASSWORD = 'E2e-Admin-Passw0rd!';
/** The e2e SMTP server refuses recipients of this domain permanently (550). */
export const UNDELIVERABLE_DOMAIN = 'undeliverable.test';
/**
 * How many e2e test files run at once, each worker with its own server (e2e/global-setup.ts).
 * Two by default: a file spends much of its time waiting (a page's timers, the server, the
 * mail), so two keep both cores of a small machine busy; E2E_WORKERS=1 runs one at a time.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 2);

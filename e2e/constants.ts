export const E2E_ADMIN_EMAIL = 'e2e-admin@example.com';
export const E2E_ADMIN_PASSWORD = 'E2e-Admin-Passw0rd!';
/** The e2e SMTP server refuses recipients of this domain permanently (550). */
export const UNDELIVERABLE_DOMAIN = 'undeliverable.test';

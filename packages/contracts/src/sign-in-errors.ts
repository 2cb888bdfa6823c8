/** A provider sign-in's failures and what the login page says of each (zod-free: the login page's bundle). */

/**
 * Why a provider sign-in signed nobody in: the callback sends the browser to
 * /login?sign_in_error=<reason>, or POST oidc/session answers the reason as its
 * error's code, and the login page says what happened.
 */
export const SIGN_IN_ERRORS = [
  'provider_down',
  'denied',
  'state',
  'code_used',
  'token_invalid',
  'unverified',
  'no_account',
  'invite_expired',
  'inactive',
  'linked_elsewhere',
  'admin_unlinked',
  'throttled',
  'handoff',
] as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[number];

export const SIGN_IN_ERROR_MESSAGES: Record<SignInError, string> = {
  provider_down: 'The identity provider could not be reached. Nobody was signed in. Try again in a few minutes.',
  denied: 'The identity provider did not sign you in. Nobody was signed in.',
  state:
    'This sign-in did not start in this browser, or took longer than 10 minutes. Nobody was signed in. Start again with the button below.',
  code_used: 'This sign-in was already used or has expired. Nobody was signed in. Start again with the button below.',
  token_invalid:
    "The identity provider's answer could not be verified, so nobody was signed in. Try again; if it happens again, tell your administrator.",
  unverified:
    'Your identity provider has not verified your e-mail address, so it cannot be matched to an account. Nobody was signed in. Ask your administrator.',
  no_account:
    'There is no account for your e-mail address. Nobody was signed in. Ask your administrator for an invite.',
  invite_expired: 'Your invite has expired. Nobody was signed in. Ask your administrator to send it again.',
  inactive: 'This account is deactivated. Nobody was signed in. Ask your administrator.',
  linked_elsewhere:
    'This account is already linked to another identity at the provider. Nobody was signed in. Ask your administrator.',
  admin_unlinked:
    'This administrator account is not linked to the identity provider yet, and it has no password to confirm the link with. Nobody was signed in. Ask another administrator.',
  throttled: 'Too many failed sign-ins from this address. Nobody was signed in. Try again in a few minutes.',
  handoff:
    'This sign-in can only finish once, in the browser that started it, within 2 minutes. Nobody was signed in. Start again with the button below.',
};

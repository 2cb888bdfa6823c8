/** Sign-in through the unit's OpenID Connect provider: what the login page and the user modal read. */
import { z } from 'zod';

// GET sign-in/options
export const signInOptionsSchema = z.object({
  /** The provider's name for "Sign in with {name}"; null: no provider configured. */
  provider: z.string().nullable(),
  /** False when password sign-in is off for everyone but the break-glass administrator (OIDC_ONLY). */
  passwords_for_all: z.boolean(),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

/** How a user can sign in, as the user modal shows it. */
export const SIGN_IN_METHODS = ['password', 'provider', 'both', 'none'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

// GET admin/users/{id}/sign-in-method, DELETE admin/users/{id}/provider-link
export const signInMethodSchema = z.object({
  method: z.enum(SIGN_IN_METHODS),
  /** When the account was linked to its provider identity (epoch ms); null: not linked. */
  linked_at: z.number().int().nullable(),
});
export type SignInMethodResponse = z.infer<typeof signInMethodSchema>;

// POST oidc/session: the login page's half of a provider sign-in (the code of /login#provider_code=…).
export const providerCodeRequestSchema = z.strictObject({ code: z.string().min(1).max(100) });
export type ProviderCodeRequest = z.infer<typeof providerCodeRequestSchema>;
/** Signed in; or a first sign-in to an administrator's account, which asks its password once (POST oidc/link). */
export const providerSessionResponseSchema = z.union([
  z.object({ auth: z.string() }),
  z.object({ password_needed: z.object({ user_name: z.string() }) }),
]);
export type ProviderSessionResponse = z.infer<typeof providerSessionResponseSchema>;

// POST oidc/link: the password step; answers {auth}.
export const providerLinkRequestSchema = z.strictObject({
  code: z.string().min(1).max(100),
  /** Any length: a longer one than PASSWORD_MAX_LENGTH is simply wrong, as at POST login. */
  password: z.string().min(1),
});
export type ProviderLinkRequest = z.infer<typeof providerLinkRequestSchema>;

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

/**
 * The product as an OpenID Connect relying party (openid-client): discovery,
 * the authorization request (code flow, PKCE S256, state, nonce) and the
 * callback's checks. openid-client checks the ID token: its signature with the
 * provider's JWKS (non-repudiation checks on), its algorithm (the one the client
 * registered, RS256 unless it says otherwise, so `alg: none` is refused),
 * issuer, audience, expiry, nonce.
 *
 * The discovered configuration is kept for the process, and with it the JWKS
 * (oauth4webapi's cache: kept 5 minutes; a token signed with a `kid` the copy
 * lacks fetches the JWKS again once the copy is a minute old). A failed
 * discovery is not kept: the next sign-in tries again.
 */
import crypto from 'node:crypto';
import * as client from 'openid-client';
import type { OidcConfig } from '#config.ts';

/** What a browser must bring back to the callback (kept in the flow cookie, flow-cookie.ts). */
export interface Flow {
  state: string;
  nonce: string;
  verifier: string;
}

/** The person the provider vouched for. */
export interface ProviderPerson {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** Why a provider sign-in failed before any account was looked at. */
export type ProviderFailure = 'provider_down' | 'denied' | 'code_used' | 'token_invalid';

export class ProviderError extends Error {
  constructor(
    readonly reason: ProviderFailure,
    options: { cause: unknown },
  ) {
    super(`provider sign-in failed: ${reason}`, options);
  }
}

/** Plain HTTP only to a provider on this machine (development and tests). */
function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Which failure an error of openid-client (or of the network under it) is. */
function failureOf(error: unknown): ProviderFailure {
  if (error instanceof client.AuthorizationResponseError) return 'denied';
  // The token endpoint's own refusal: a code used twice, expired, or not this client's.
  if (error instanceof client.ResponseBodyError) return error.error === 'invalid_grant' ? 'code_used' : 'provider_down';
  if (error instanceof client.ClientError) {
    // oauth4webapi's codes for a request that never got a proper answer.
    if (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT') return 'provider_down';
    if (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || error.code === 'OAUTH_RESPONSE_IS_NOT_JSON') {
      return 'provider_down';
    }
    return 'token_invalid';
  }
  // fetch's own failure (refused connection, DNS, reset) and timeouts.
  if (error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError')) {
    return 'provider_down';
  }
  return 'token_invalid';
}

export class ProviderClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    private readonly settings: OidcConfig,
    /** PUBLIC_URL + /api/oidc/callback, as registered with the provider. */
    readonly redirectUri: string,
  ) {}

  private discover(): Promise<client.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuer);
      this.configuration = client
        .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
          // The ID token's signature is checked against the provider's JWKS even though it came
          // straight from the token endpoint (openid-client leaves that to TLS unless told).
          execute: [client.enableNonRepudiationChecks, ...(isLoopback(issuer) ? [client.allowInsecureRequests] : [])],
          timeout: 10,
        })
        .catch((error: unknown) => {
          this.configuration = undefined;
          throw error;
        });
    }
    return this.configuration;
  }

  /** Where to send the browser, and what it must bring back. */
  async start(): Promise<{ url: URL; flow: Flow }> {
    let configuration: client.Configuration;
    try {
      configuration = await this.discover();
    } catch (error) {
      throw new ProviderError('provider_down', { cause: error });
    }
    const flow: Flow = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: this.settings.scopes,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    return { url, flow };
  }

  /**
   * The callback: exchanges the code and checks the ID token. `callbackUrl` is
   * the URL the provider redirected to (its query carries code and state).
   */
  async finish(callbackUrl: URL, flow: Flow): Promise<ProviderPerson> {
    try {
      const configuration = await this.discover();
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new TypeError('no ID token');
      let info: Record<string, unknown> = claims;
      // Many providers put the e-mail only in the UserInfo answer (the scope's claims).
      if (claims.email === undefined) {
        info = { ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
      }
      const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
      const email = text(info.email).toLowerCase();
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: email === '' ? undefined : email,
        // Only a real true: a string "true" or a missing claim is not a verified address.
        emailVerified: info.email_verified === true,
        firstName: text(info.given_name),
        lastName: text(info.family_name),
      };
    } catch (error) {
      throw new ProviderError(failureOf(error), { cause: error });
    }
  }

  /** The provider's end-session URL (RP-initiated logout), when it offers one. */
  async endSessionUrl(postLogoutRedirectUri: string): Promise<URL | undefined> {
    const configuration = await this.discover();
    if (!configuration.serverMetadata().end_session_endpoint) return undefined;
    return client.buildEndSessionUrl(configuration, {
      client_id: this.settings.clientId,
      post_logout_redirect_uri: postLogoutRedirectUri,
    });
  }
}

/** A constant-time comparison of two short strings (the state). */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

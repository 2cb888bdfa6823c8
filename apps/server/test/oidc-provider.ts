/**
 * A real OpenID Connect provider in the test process: panva's oidc-provider
 * (OpenID Certified), on a loopback port, with one registered client, its own
 * RS256 key, people to sign in as, and its development interaction pages (a
 * login form taking any password, then consent). `rotateKey()` restarts it on
 * the same port with a new signing key; `tamper` rewrites the ID token its
 * token endpoint answers with (re-signed with its own key, or unsigned), the
 * only way to make a certified provider send what a broken one would.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

export interface TestPerson {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export type IdTokenTamper = (claims: Record<string, unknown>) => {
  claims: Record<string, unknown>;
  /** 'none': sent unsigned. */
  alg?: 'none';
  /** Signed with a key of its own under the provider's key id (a forgery). */
  foreignKey?: boolean;
};

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** By subject (the login typed on the provider's page). */
  people: Map<string, TestPerson>;
  tamper: IdTokenTamper | undefined;
  rotateKey(): Promise<void>;
  /** Stops answering (the port is closed). */
  close(): Promise<void>;
}

async function signingKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: `k-${crypto.randomUUID()}` };
}

/** `publicUrl`: the product's PUBLIC_URL, whose callback and login page are registered with the provider. */
export async function startTestProvider(publicUrl: string): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const people = new Map<string, TestPerson>();
  let key = await signingKey();
  const state: TestProvider = {
    issuer,
    clientId: 'airman-test',
    clientSecret: 'airman-test-secret-0123456789abcdef',
    people,
    tamper: undefined,
    rotateKey: async () => {
      key = await signingKey();
      mount();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function mount(): void {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: state.clientId,
          client_secret: state.clientSecret,
          redirect_uris: [`${publicUrl}/api/oidc/callback`],
          post_logout_redirect_uris: [`${publicUrl}/login`],
          response_types: ['code'],
          grant_types: ['authorization_code'],
        },
      ],
      jwks: { keys: [key] },
      cookies: { keys: ['test-provider-cookie-key'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
      pkce: { required: () => true },
      findAccount: (_ctx, sub) => {
        const person = people.get(sub);
        return person ? { accountId: sub, claims: () => ({ sub, ...person }) } : undefined;
      },
    });
    provider.use(async (ctx, next) => {
      await next();
      const tamper = state.tamper;
      const body = ctx.body as { id_token?: unknown } | undefined;
      if (ctx.path !== '/token' || !tamper || typeof body?.id_token !== 'string') return;
      const { kid } = decodeProtectedHeader(body.id_token);
      const changed = tamper(decodeJwt(body.id_token));
      body.id_token =
        changed.alg === 'none'
          ? `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify(changed.claims)).toString('base64url')}.`
          : await new SignJWT(changed.claims)
              .setProtectedHeader({ alg: 'RS256', kid })
              .sign(changed.foreignKey ? (await generateKeyPair('RS256')).privateKey : await importJWK(key, 'RS256'));
    });
    server.removeAllListeners('request');
    server.on('request', provider.callback());
  }
  mount();
  return state;
}

function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

/**
 * Goes through the provider's pages as a browser would: from the authorization
 * URL, signs in as `subject` and consents, and returns the URL the provider
 * sends the browser back to (the product's callback, or its login page).
 */
export async function passProviderPages(authorizationUrl: string, subject: string, backTo: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = new URL(authorizationUrl);
  for (let step = 0; step < 12; step += 1) {
    if (next.href.startsWith(backTo)) return next;
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let response = await fetch(next, { redirect: 'manual', headers: { cookie } });
    cookiesOf(response, jar);
    if (response.status === 200 && next.pathname.startsWith('/interaction/')) {
      const page = await response.text();
      const prompt = /name="prompt" value="(login|consent)"/.exec(page)?.[1];
      if (!prompt) throw new Error(`unexpected provider page: ${page.slice(0, 500)}`);
      const form = new URLSearchParams({ prompt, login: subject, password: 'any' });
      response = await fetch(next, {
        method: 'POST',
        redirect: 'manual',
        body: form,
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      cookiesOf(response, jar);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider answered ${response.status} without a redirect: ${await response.text()}`);
    next = new URL(location, next);
  }
  throw new Error('too many redirects at the provider');
}

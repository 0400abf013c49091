import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 for the third-party sign-in tests: one
 * client, PKCE required, its dev interactions (any login name with any password signs in as
 * the subject of that name, email `<name>@idp.test`).
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcProvider(o: { redirectUris: string[] }): Promise<TestOidcProvider> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'facet-test';
  const clientSecret = 'facet-test-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: o.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    // The email goes into the ID token itself, which is all the server reads.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['facet-test-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@idp.test`, email_verified: true, name: sub }),
    }),
  });
  // Its pages import a web font: served without it, a browser test's pages load nothing from outside the machine.
  provider.use(async (ctx, next) => {
    await next();
    if (typeof ctx.body === 'string') ctx.body = ctx.body.replace(/@import url\(https?:[^)]*\);/g, '');
  });
  handle = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Follows the authorization URL as a browser would: redirects, then the provider's login and
 * consent forms (filled with `login`), until the provider sends the browser to `redirectUri`.
 * Answers that final URL (with code, state and iss).
 */
export async function signInAtProvider(authUrl: string, redirectUri: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  let url = authUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(redirectUri)) return new URL(url);
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: cookieHeader() } });
    remember(res);
    init = {};
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await res.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
    if (!form?.[1] || form[2] === undefined)
      throw new Error(`no form at ${url} (${res.status}): ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const input of form[2].matchAll(/<input[^>]*>/gi)) {
      const name = /name="([^"]+)"/.exec(input[0])?.[1];
      if (!name) continue;
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      fields.set(name, name === 'login' ? login : name === 'password' ? 'any-password' : value);
    }
    url = new URL(form[1], url).href;
    init = {
      method: 'POST',
      body: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('too many hops at the provider');
}

import { API_PREFIX, importX1PublicKey, x1Encrypt } from '@facet/shared';

/**
 * The test's own client of the real server, for what a test does behind the console's back:
 * the admin reading the outbox, revoking a session. Account calls are X1-encrypted as the
 * server demands.
 */
export class ServerApi {
  constructor(
    private readonly base: string,
    private token = '',
  ) {}

  /** Any call of the server by method and path (under /api), e.g. `call('POST', '/v1/browserInfos/list', {})`. */
  async call<T>(method: string, path: string, body?: unknown, x1 = false): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let payload: BodyInit | undefined;
    if (x1) {
      const key = await this.call<{ publicKey: string }>('GET', '/users/x1Key');
      payload = await x1Encrypt(await importX1PublicKey(key.publicKey), body ?? {});
      headers['content-type'] = 'application/octet-stream';
      headers['x-auth-type'] = 'X1';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${this.base}${API_PREFIX}${path}`, { method, headers, body: payload });
    const env = (await res.json()) as { code: number; message: string; result: T };
    if (env.code !== 0) throw new Error(`${path}: ${env.code} ${env.message}`);
    return env.result;
  }

  get bearer(): string {
    return this.token;
  }

  /** The server's login call as the console makes it: the session's token and id. */
  async session(username: string, password: string): Promise<{ access_token: string; sid: string }> {
    const r = await this.call<{ access_token: string; sid: string }>(
      'POST',
      '/users/loginV2',
      { username, password },
      true,
    );
    this.token = r.access_token;
    return r;
  }

  async login(username: string, password: string): Promise<this> {
    this.token = (
      await this.call<{ access_token: string }>('POST', '/users/loginV2', { username, password }, true)
    ).access_token;
    return this;
  }

  /** Registers a main account by phone, with the code read from the outbox by `reader`. */
  async register(user: { username: string; password: string; phone: string }, reader: ServerApi): Promise<this> {
    await this.call('POST', '/users/sendSmsForRegister', { phone: user.phone, countryCode: '86' }, true);
    const code = await reader.latestCode(`+86${user.phone}`);
    const r = await this.call<{ access_token: string }>(
      'POST',
      '/users/registerV2',
      { username: user.username, password: user.password, phone: user.phone, countryCode: '86', code },
      true,
    );
    this.token = r.access_token;
    return this;
  }

  /** The newest code the outbox holds for a recipient (`+86139…` or an email). */
  async latestCode(recipient: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const r = await this.call<{ list: Array<{ subject: string; body: string }> }>(
        'GET',
        `/v1/outbox/list?recipient=${encodeURIComponent(recipient)}`,
      );
      const m = /\b(\d{6})\b/.exec(`${r.list[0]?.subject ?? ''} ${r.list[0]?.body ?? ''}`);
      if (m?.[1]) return m[1];
      await new Promise((res) => setTimeout(res, 200));
    }
    throw new Error(`no code for ${recipient}`);
  }

  /** GET /api/users/logout with someone's token: revokes that session on the server. */
  static async revoke(base: string, token: string): Promise<void> {
    await new ServerApi(base, token).call('GET', '/users/logout');
  }
}

import { EventEmitter } from 'node:events';
import {
  API_PREFIX,
  type CallBody,
  type CallName,
  type CallResult,
  CLIENT_VERSION_HEADER,
  type Cookie,
  calls,
  EXTENSION_MAX_BYTES,
  type GlobalValueType,
  SESSION_LOSS_CODES,
} from '@facet/shared';
import { type PlainResponse, type ProxyAgents, sendRequest, tunnelAgents } from './http-transport.js';
import { CLIENT_VERSION } from './version.js';

export class ServerError extends Error {
  constructor(
    readonly code: number | string,
    message: string,
    readonly call: string,
  ) {
    super(`${call}: ${message}`);
  }
}

/** The calls that answer a file instead of the JSON envelope. */
export type BlobCallName = { [N in CallName]: (typeof calls)[N] extends { blob: true } ? N : never }[CallName];

interface Envelope {
  code?: number | string;
  message?: string;
  result?: unknown;
}
const isOk = (code: Envelope['code']) => code === 0 || code === '0' || code === 200;
function parseEnvelope(text: string): Envelope | null {
  try {
    const j = JSON.parse(text) as unknown;
    return j && typeof j === 'object' && !Array.isArray(j) && 'code' in j ? (j as Envelope) : null;
  } catch {
    return null;
  }
}

export interface ServerSession {
  /** The user's session token (the console's access token). */
  token: string;
  sid?: string;
}

/**
 * The client's HTTP connection to the Facet server: typed by the shared call table, with the
 * user's session. The server stays the source of truth; the client only reports state.
 * Emits `session-refused` {code} when the server no longer takes the session (docs/client.md,
 * redirectToAuth): the session is dropped, and the console is sent to sign in.
 */
export class ServerClient extends EventEmitter {
  private session: ServerSession | null;

  constructor(
    readonly baseUrl: string,
    session: ServerSession | null = null,
    private readonly timeoutMs = 30_000,
    /** Sent on every call so the server can say whether this client has an update. */
    private readonly clientVersion = CLIENT_VERSION,
  ) {
    super();
    this.session = session;
  }

  /** A session-loss answer (401, 40104, 50401, 50406) to a call that carried this session. */
  private refusedSession(sent: ServerSession, code: unknown) {
    if (!SESSION_LOSS_CODES.includes(Number(code)) || this.session !== sent) return;
    this.session = null;
    this.emit('session-refused', { code: Number(code) });
  }

  private agents: ProxyAgents | null = null;

  /**
   * Routes the client's own calls to the server through an HTTP proxy (the system proxy's
   * local relay), or directly with null. Connections of the previous route are dropped.
   */
  setProxy(proxyUrl: string | null) {
    if (this.agents?.proxyUrl === proxyUrl) return;
    this.agents?.destroy();
    this.agents = proxyUrl ? tunnelAgents(proxyUrl) : null;
  }

  get proxyUrl(): string | null {
    return this.agents?.proxyUrl ?? null;
  }

  setSession(s: ServerSession | null) {
    this.session = s;
    this.me = null;
  }

  /** The signed-in user's id, asked once per session (the preferences are read by it). */
  private me: Promise<number> | null = null;
  private myId(): Promise<number> {
    // A failed ask is not kept: the next open asks again.
    this.me ??= this.currentUser().then(
      (u) => u.id,
      (e: unknown) => {
        this.me = null;
        throw e;
      },
    );
    return this.me;
  }

  /** The user's page zoom, download dir, process protect and browser preference (docs/client.md, Preferences the launcher applies). */
  async preferences() {
    const id = await this.myId();
    const [setting, browser] = await Promise.all([
      this.call('globalSettingGet', { params: { id } }),
      this.call('globalBrowserSettingGet', { params: { id } }),
    ]);
    return { setting, browser: browser.browser };
  }

  get hasSession() {
    return this.session !== null;
  }

  /** Sends one call of the table with the session's headers; network failures become ServerErrors. */
  private async send<N extends CallName>(
    name: N,
    input: { body?: CallBody<N>; params?: Record<string, string | number> },
    limits: { timeoutMs?: number; maxBytes?: number } = {},
  ): Promise<PlainResponse> {
    if (!this.session) throw new ServerError(401, 'the client is not signed in to the server', name);
    const def = calls[name];
    const path = def.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(input.params?.[k] ?? '')));
    const headers: Record<string, string> = { authorization: `Bearer ${this.session.token}` };
    if (this.session.sid) headers.sid = this.session.sid;
    headers[CLIENT_VERSION_HEADER] = this.clientVersion;
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await sendRequest(`${this.baseUrl.replace(/\/$/, '')}${API_PREFIX}${path}`, {
        method: def.method,
        headers,
        ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
        timeoutMs: limits.timeoutMs ?? this.timeoutMs,
        agents: this.agents,
        ...(limits.maxBytes !== undefined ? { maxBytes: limits.maxBytes } : {}),
      });
    } catch (e) {
      throw new ServerError('network', `the server could not be reached: ${(e as Error).message}`, name);
    }
  }

  async call<N extends CallName>(
    name: N,
    input: { body?: CallBody<N>; params?: Record<string, string | number> } = {},
  ): Promise<CallResult<N>> {
    const sent = this.session;
    const res = await this.send(name, input);
    const { text } = res;
    let json: Envelope;
    try {
      json = JSON.parse(text) as Envelope;
    } catch {
      throw new ServerError(res.status, `HTTP ${res.status}: ${text.slice(0, 200)}`, name);
    }
    if (!isOk(json.code)) {
      if (sent) this.refusedSession(sent, json.code ?? res.status);
      throw new ServerError(json.code ?? res.status, json.message ?? `HTTP ${res.status}`, name);
    }
    return json.result as CallResult<N>;
  }

  /**
   * A blob call (a file): the server answers the bytes themselves, not the JSON envelope; an
   * error is still the envelope (with an HTTP error status), and becomes a ServerError.
   */
  async blob<N extends BlobCallName>(
    name: N,
    input: { body?: CallBody<N>; params?: Record<string, string | number> } = {},
    limits: { timeoutMs?: number; maxBytes?: number } = {},
  ): Promise<{ data: Buffer; contentType: string }> {
    const res = await this.send(name, input, limits);
    const contentType = String(res.headers['content-type'] ?? '');
    const json = /^application\/json\b/i.test(contentType) ? parseEnvelope(res.text) : null;
    // A file may be JSON itself (an export): only an envelope that is not OK is an error.
    if (json && !isOk(json.code))
      throw new ServerError(json.code ?? res.status, json.message ?? `HTTP ${res.status}`, name);
    if (res.status < 200 || res.status > 299)
      throw new ServerError(res.status, `HTTP ${res.status}: ${res.text.slice(0, 200)}`, name);
    return { data: res.bytes, contentType };
  }

  /**
   * An uploaded extension's package (the stored zip). Allowed more time than a call: it can be
   * as large as an upload may be (the stored zip can differ a little from the upload, hence
   * the margin on the size limit).
   */
  async downloadExtension(id: number): Promise<Buffer> {
    const r = await this.blob(
      'extensionDownload',
      { params: { id } },
      { timeoutMs: Math.max(this.timeoutMs, 300_000), maxBytes: 2 * EXTENSION_MAX_BYTES },
    );
    return r.data;
  }

  currentUser() {
    return this.call('currentUser');
  }

  getOpen(id: number) {
    return this.call('profileGetOpen', { params: { id } });
  }

  reportOpen(id: number, open: boolean, device: string) {
    return this.call('profileOpenOrClose', { body: { id, status: open ? 1 : 0, device } });
  }

  /** The profile's cookies are its `cookie` field (stored encrypted, JSON accepted as is). */
  saveCookies(id: number, cookies: Cookie[]) {
    return this.call('profileUpdate', { body: { id, cookie: JSON.stringify(cookies) } });
  }

  /** The user's global values of these types (JSON strings, null when not set). */
  async globalValues<T extends GlobalValueType>(types: T[]): Promise<Partial<Record<T, string | null>>> {
    const list = await this.call('globalValueList', { body: { globalValueTypelist: types } });
    return Object.fromEntries(list.map((v) => [v.globalValueType, v.globalValue])) as Partial<Record<T, string | null>>;
  }

  /** Profiles the server believes open, for reconciling after a client restart. */
  async openProfiles(): Promise<CallResult<'profileList'>['list']> {
    const out: CallResult<'profileList'>['list'] = [];
    for (let page = 1; ; page++) {
      const r = await this.call('profileList', { body: { page, pageSize: 500, openStatus: 1 } });
      out.push(...r.list);
      if (out.length >= r.total || r.list.length === 0) return out;
    }
  }
}

import {
  ACCESS_HEADER,
  type CallDef,
  CLIENT_VERSION_HEADER,
  Code,
  calls,
  clientSignature,
  DEFAULT_TEXT_STATUSES,
  EXPORT_TIMEOUT_MS,
  encodeTimeHeader,
  type FieldError,
  fieldErrorSchema,
  isSuccessCode,
  LANGUAGE_HEADER,
  SESSION_LOSS_CODES,
  SID_HEADER,
  SIGN_HEADER,
  SILENT_CODES,
  TIME_HEADER,
  TIMEOUT_MS,
  UPLOAD_TIMEOUT_MS,
  X1_CONTENT_TYPE,
  X1_HEADER,
  X1_VALUE,
} from '@facet/shared';
import ky, { type KyInstance, type Options as KyOptions } from 'ky';
import { ApiError, type TransportFailure } from './api-error';
import { apiBase, heartbeatBase } from './base-url';
import { defaultTextKey, noticeDuration } from './notice-rules';
import { CACHE_HOURS_BY_PATH, cacheKey, DEDUPE_PATHS, Deduper, ResponseCache } from './response-cache';
import { serverNow } from './server-clock';
import { translateServerMessage } from './server-message';
import { getSid, getToken } from './token-storage';
import { transportEnv } from './transport-env';
import { transportEvents } from './transport-events';
import { xhrUpload } from './upload';
import { createX1Encryptor } from './x1-body';

export interface CallOptions {
  /** Turns off the red notice and the insufficient-balance dialog for this call. */
  noPrompt?: boolean;
  /** Local client mode: no notices, and no session-loss handling. */
  localClient?: boolean;
  /** 'upload' gets 60 s, 'export' no timeout; everything else TIMEOUT_MS. */
  kind?: 'json' | 'upload' | 'export';
  /** Downloads return a Blob. */
  responseType?: 'json' | 'blob';
  /** Overrides the path's cache policy (hours); 0 turns caching off. */
  cacheHours?: number;
  /** Dictionary caches are also kept in local storage. */
  persistCache?: boolean;
  /** A shorter timeout than the kind's, for calls that must answer fast. */
  timeoutMs?: number;
  /** Values for `:name` segments of the path. */
  params?: Record<string, string | number>;
  signal?: AbortSignal;
  /** Calls that take a file: how much of it has gone (bytes sent, of total). */
  onUploadProgress?: (sent: number, total: number) => void;
}

/**
 * Download/octet-stream/multipart answers are files. So is any other successful answer
 * that is not JSON (an xlsx, a cookies.txt): only a JSON envelope carries an error message.
 */
const BLOB_TYPES = /download|octet-stream|multipart/i;
/** The file name of a `content-disposition` header (RFC 6266: `filename*=UTF-8''…` wins). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ? plain[1].trim() : null;
}
/** A file: an attachment (a JSON cookie file is one), a download type, or any successful answer not JSON. */
const isFileAnswer = (res: Response, type: string) =>
  res.ok &&
  (/^\s*attachment\b/i.test(res.headers.get('content-disposition') ?? '') ||
    BLOB_TYPES.test(type) ||
    !/json/i.test(type));

export function timeoutFor(kind: CallOptions['kind']): number | false {
  if (kind === 'upload') return UPLOAD_TIMEOUT_MS;
  if (kind === 'export') return EXPORT_TIMEOUT_MS;
  return TIMEOUT_MS;
}

/** Headers on every request: bearer token, sid, language, time (drift compensated), signature. */
async function addHeaders(request: Request): Promise<void> {
  const token = getToken();
  const sid = getSid();
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  if (sid) request.headers.set(SID_HEADER, sid);
  request.headers.set(LANGUAGE_HEADER, transportEnv().language());
  // The server answers currentUser.updateAvailable for the client on this machine, if there is one.
  const clientVersion = transportEnv().clientVersion();
  if (clientVersion) request.headers.set(CLIENT_VERSION_HEADER, clientVersion);
  const stamp = transportEnv().accessStamp();
  if (stamp) request.headers.set(ACCESS_HEADER, stamp);
  const time = encodeTimeHeader(serverNow());
  request.headers.set(TIME_HEADER, time);
  const path = new URL(request.url).pathname;
  request.headers.set(SIGN_HEADER, await clientSignature({ time, method: request.method, path, sid }));
}

/** The one ky instance of the console. Errors are read from the envelope, not thrown by ky. */
export const http: KyInstance = ky.create({
  timeout: TIMEOUT_MS,
  throwHttpErrors: false,
  retry: 0,
  hooks: { beforeRequest: [addHeaders] },
});

const cache = new ResponseCache();
const deduper = new Deduper();
const x1 = createX1Encryptor(
  async () => (await send<{ publicKey: string }>(calls.x1Key, undefined, { noPrompt: true })).publicKey,
);

/**
 * Forgets what the response cache kept for these calls, every payload: a write changed what
 * they read, and a 24-hour answer would otherwise outlive the change.
 */
export function forgetCachedCalls(defs: readonly CallDef[]): void {
  for (const d of defs) {
    // A path with parameters is kept under its filled-in form, so the prefix stops at the first
    // one; one without ends at the space before the payload (not a longer path's answers).
    const at = d.path.indexOf('/:');
    cache.forget(`${d.method} ${at < 0 ? `${d.path} ` : d.path.slice(0, at + 1)}`);
  }
}

/** Forgets caches, the dedupe window and the X1 key: on logout and in tests. */
export function resetHttpState(): void {
  cache.clear();
  deduper.clear();
  x1.forget();
}

const t = (key: string) => transportEnv().texts.t(key);

/** Shows an error text: the app decides how (a red notice in the console). */
function notice(text: string, code: number | string): void {
  void transportEvents.emit('notice', { text, durationMs: noticeDuration(text), code });
}

/** The presence calls, which may have their own server (`heartbeatBase`). */
const PRESENCE_PATHS: ReadonlySet<string> = new Set([calls.softHeartBeat.path, calls.closeSoft.path]);

function buildUrl(def: CallDef, params: CallOptions['params']): { url: string; path: string } {
  const path = def.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  return { url: (PRESENCE_PATHS.has(def.path) ? heartbeatBase() : apiBase()) + path, path };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

interface Failure {
  code: number | string;
  message: string;
  errors?: FieldError[];
  status: number;
  hadToken: boolean;
}

/**
 * The error catalogue: what the console does with a refused call (session loss, forbidden, user
 * info changed, silent codes, insufficient balance, else a red notice with the server's text or
 * the default one of its code or status, unless the call asked for none). Always throws.
 */
async function fail(def: CallDef, f: Failure, opts: CallOptions): Promise<never> {
  const code = Number(f.code);
  const errors = f.errors ?? [];
  const refused = (handled: boolean, text = f.message) =>
    new ApiError(f.code, text, f.status, handled, f.message, errors);
  // Session loss only means something when a session was sent; a refused login is a notice.
  if (SESSION_LOSS_CODES.includes(code) && f.hadToken && !opts.localClient) {
    await transportEvents.emit('sessionLoss', { code });
    throw refused(true);
  }
  if (code === Code.FORBIDDEN) {
    void transportEvents.emit('forbidden', { code });
    throw refused(true);
  }
  if (code === Code.USER_INFO_CHANGED) {
    void transportEvents.emit('userInfoChanged', { code });
    throw refused(true);
  }
  if (SILENT_CODES.includes(code)) throw refused(true);
  if (code === Code.SHOW_MESSAGE) throw refused(false);
  if (code === Code.INSUFFICIENT_BALANCE) {
    if (!opts.noPrompt) void transportEvents.emit('insufficientBalance', { code });
    throw refused(!opts.noPrompt);
  }
  if (code === Code.IDENTITY_REQUIRED && !opts.noPrompt) {
    // The dialog says what the operator keeps for verified accounts and leads to Authentication.
    void transportEvents.emit('identityRequired', { code, feature: errors?.[0]?.detail ?? '' });
    throw refused(true);
  }
  if (code === Code.QUOTA_EXCEEDED && !opts.noPrompt) {
    // The refusal's text names the limit; the dialog shows it and leads to the plans.
    const text = translateServerMessage(transportEnv().texts, code, f.message, errors) || f.message;
    void transportEvents.emit('planLimit', { code, text });
    throw refused(true, text);
  }
  const suppressed =
    (code === Code.REGISTER_INLINE && def.path === calls.registerV2.path) || !!opts.localClient || !!opts.noPrompt;
  // The default text follows the code when it has one (50000, 40005…), else the HTTP status.
  const textStatus = (DEFAULT_TEXT_STATUSES as ReadonlyArray<number>).includes(code) ? code : f.status;
  const text = translateServerMessage(transportEnv().texts, code, f.message, errors) || t(defaultTextKey(textStatus));
  if (!suppressed) notice(text, f.code);
  throw refused(!suppressed, text);
}

/** The envelope's field errors; anything malformed is dropped, so a form never marks a field wrongly. */
function fieldErrorsOf(body: Record<string, unknown>): FieldError[] {
  if (!Array.isArray(body.errors)) return [];
  return body.errors.flatMap((e) => {
    const r = fieldErrorSchema.safeParse(e);
    return r.success ? [r.data] : [];
  });
}

function transportFailure(e: unknown): TransportFailure {
  const name = (e as { name?: string })?.name;
  if (name === 'TimeoutError') return 'timeout';
  if (name === 'AbortError') return 'aborted';
  return 'network';
}

/** The answer's body. One cut off while read (a navigation, a dropped connection) is no answer. */
async function readPayload(res: Response, def: CallDef, opts: CallOptions): Promise<unknown> {
  const text = await overTransport(() => res.text(), def, opts);
  if (!text) return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One step of the transport (the request, the reading of its answer); its failure becomes the
 * call's transport error (no answer, a timeout, an abort), never an answer the console cannot read.
 */
async function overTransport<T>(step: () => Promise<T>, def: CallDef, opts: CallOptions): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const kind = transportFailure(e);
    const text = t(`http.transport.${kind}`);
    const quiet = !!opts.noPrompt || !!opts.localClient || kind === 'aborted';
    void transportEvents.emit('transportFailure', { kind, path: def.path, quiet });
    if (!quiet) notice(text, kind);
    throw new ApiError(kind, text, 0, !quiet);
  }
}

async function perform<T>(
  def: CallDef,
  payload: unknown,
  opts: CallOptions,
  retried: { x1?: boolean; access?: boolean } = {},
): Promise<T> {
  const { url } = buildUrl(def, opts.params);
  const hadToken = !!getToken();
  const init: KyOptions = { method: def.method, timeout: opts.timeoutMs ?? timeoutFor(opts.kind), signal: opts.signal };
  if (def.method === 'GET' || def.method === 'DELETE') {
    if (isPlainObject(payload)) {
      init.searchParams = Object.fromEntries(
        Object.entries(payload)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
    }
  }
  if (def.method !== 'GET') {
    if (def.x1) {
      init.body = await x1.encrypt(payload, serverNow());
      init.headers = { 'Content-Type': X1_CONTENT_TYPE, [X1_HEADER]: X1_VALUE };
    } else if (payload instanceof FormData) init.body = payload;
    else if (payload !== undefined) init.json = payload;
  }

  const res = await overTransport(
    () => (def.upload ? sendFile(url, payload as UploadPayload, opts) : http(url, init)),
    def,
    opts,
  );

  if (opts.responseType === 'blob') {
    const type = res.headers.get('content-type') ?? '';
    if (isFileAnswer(res, type)) {
      const blob = await overTransport(() => res.blob(), def, opts);
      // The server names its files (content-disposition); a File keeps the name for the save.
      const name = fileNameOf(res.headers.get('content-disposition'));
      return (name ? new File([blob], name, { type: blob.type }) : blob) as T;
    }
    // A JSON answer where a file was expected: its message is the error.
    const body = await readPayload(res, def, opts);
    const env = isPlainObject(body) ? body : {};
    return fail(
      def,
      {
        code: (env.code as number) ?? res.status,
        message: String(env.message ?? ''),
        errors: fieldErrorsOf(env),
        status: res.status,
        hadToken,
      },
      opts,
    );
  }

  const body = await readPayload(res, def, opts);
  // Strings, numbers and booleans that are not an envelope are the result itself.
  if (!isPlainObject(body) || !('code' in body)) {
    if (res.ok) return body as T;
    // A refusal that is not an envelope came from something in front of the server (a proxy's or
    // load balancer's error page): its body is no message for a person; the status's text is.
    return fail(def, { code: res.status, message: '', status: res.status, hadToken }, opts);
  }
  if (isSuccessCode(body.code)) return body.result as T;
  if (Number(body.code) === Code.X1_REQUIRED && def.x1 && !retried.x1) {
    x1.forget();
    return perform(def, payload, opts, { ...retried, x1: true });
  }
  // The user's role or permissions changed (the call did not run): the user info is read again,
  // then the call goes once more with the new stamp, and meets whatever the user may do now.
  if (Number(body.code) === Code.USER_INFO_CHANGED && hadToken && !retried.access) {
    await transportEvents.emit('userInfoChanged', { code: Code.USER_INFO_CHANGED });
    return perform(def, payload, opts, { ...retried, access: true });
  }
  return fail(
    def,
    {
      code: body.code as number | string,
      message: String(body.message ?? ''),
      errors: fieldErrorsOf(body),
      status: res.status,
      hadToken,
    },
    opts,
  );
}

/** A call that takes a file: the file, and the call's other values for the query string. */
export type UploadPayload = Record<string, unknown> & { file: Blob };

/** The file as the raw body, the other values in the query; the same headers as every call. */
async function sendFile(url: string, payload: UploadPayload, opts: CallOptions): Promise<Response> {
  const { file, ...values } = payload;
  const query = new URLSearchParams(
    Object.entries(values)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
  );
  const target = `${url}?${query}`;
  const probe = new Request(target, { method: 'POST' });
  await addHeaders(probe);
  return xhrUpload(target, probe.headers, file, {
    timeoutMs: opts.timeoutMs ?? timeoutFor(opts.kind ?? 'upload'),
    signal: opts.signal,
    onProgress: opts.onUploadProgress,
  });
}

/** Sends one call of the table (or a call defined the same way): headers, caches, envelope and error rules above. */
export function send<T>(def: CallDef, payload: unknown, opts: CallOptions = {}): Promise<T> {
  const { path } = buildUrl(def, opts.params);
  const key = cacheKey(def.method, path, payload);
  const hours = opts.cacheHours ?? CACHE_HOURS_BY_PATH[def.path] ?? 0;
  if (hours > 0) {
    const hit = cache.get(key, !!opts.persistCache);
    if (hit.hit) return Promise.resolve(hit.value as T);
    return perform<T>(def, payload, opts).then((value) => {
      cache.set(key, value, hours, !!opts.persistCache);
      return value;
    });
  }
  if (DEDUPE_PATHS.has(def.path)) return deduper.run(key, () => perform<T>(def, payload, opts));
  return perform<T>(def, payload, opts);
}

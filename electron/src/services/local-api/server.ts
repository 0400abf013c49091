import {
  arrangeWindowsBodySchema,
  base64BodyLimit,
  extraLogDeleteBodySchema,
  extraLogListBodySchema,
  identityQuerySchema,
  MCP_PATH,
  pairBodySchema,
  pairChallengeBodySchema,
  pairSessionBodySchema,
  performanceConfigPatchSchema,
  profileIdBodySchema,
  profileStartBodySchema,
  profileStartManyBodySchema,
  READ_EXCEL_BUDGET,
  readExcelBytesBodySchema,
  readExcelPathBodySchema,
  resetWindowBoundsBodySchema,
  systemProxySaveSchema,
} from '@facet/shared';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type ConfigStore, clientConfigsOf } from '../config-store.js';
import type { ExtraLog } from '../extra-log.js';
import type { ClientIdentity } from '../identity.js';
import { type McpRouteDeps, registerMcpRoutes } from '../mcp/routes.js';
import type { PairingCodes } from '../pairing.js';
import { arrangeWithPhones } from '../phones/arrange.js';
import type { PhoneSessions } from '../phones/sessions.js';
import { ClientError, type ProfileSessions } from '../profile-sessions.js';
import type { ReadableFolders } from '../readable-folders.js';
import type { RpaWorker } from '../rpa/worker.js';
import { ServerError } from '../server-client.js';
import { readSpreadsheet, readSpreadsheetFile, SpreadsheetRefused } from '../spreadsheet.js';
import { checkApiKey, fail, isAllowedOrigin, isLoopbackHost, type KeyPolicy, loopbackSpellings, ok } from './guards.js';
import { BadRequest, parse } from './parse.js';
import { registerPhoneRoutes } from './phone-routes.js';
import { registerRpaRoutes } from './rpa-routes.js';

export interface LocalApiOptions {
  sessions: ProfileSessions;
  /** The cloud phones (phone/*); bounds/flexable tiles their windows after the profiles'. */
  phones: PhoneSessions;
  /** The phoneDeviceScale global value (1 when unset). */
  phoneScale: () => Promise<number>;
  config: ConfigStore;
  extraLog: ExtraLog;
  /** Origins of the console allowed to call from a browser (the server's URL). */
  consoleOrigins: string[];
  /** What the signed-in user says about the key (isLocalToken, hint); cached by the caller. */
  keyPolicy: () => Promise<Omit<KeyPolicy, 'configuredKey'>>;
  /** Pairing: the console hands its session to the client. */
  setSession?: (s: { token: string; sid?: string | undefined }) => Promise<void>;
  /** The one-time codes a console in a browser pairs with (docs/client.md, Pairing). */
  pairing?: PairingCodes;
  /** Shown by configs/all. */
  clientVersion: string;
  /** Shown by configs/all: the Chromium version profiles run on, once known. */
  engineVersion?: () => string | null;
  /** Signs the console's identity challenge (docs/client.md, Pairing). */
  identity?: ClientIdentity;
  /** The folders utils/readexcel may read a path from (docs/client.md, "utils/readexcel"). */
  readableFolders: ReadableFolders;
  /** Where the files of flows run through rpa/run live (docs/rpa.md, Files). */
  rpaFilesDir?: string;
  /** Writes a profile's remark and/or tags at the server (an updateProfile step of rpa/run). */
  updateProfile?: (id: number, patch: { remark?: string; tags?: string[] }) => Promise<void>;
  /** The RPA worker's task errors after a seq, for a console in a browser (rpa/errors). */
  rpaTaskErrors?: RpaWorker['taskErrors'];
  /** The MCP server for AI agents at /mcp, with its own key (docs/ai.md). */
  mcp?: Pick<McpRouteDeps, 'key' | 'log' | 'listProfiles' | 'version'>;
}

const idBody = profileIdBodySchema;
const startBody = profileStartBodySchema;
const startManyBody = profileStartManyBodySchema;
const sessionBody = pairSessionBodySchema;
const SESSION_PATH = '/api/v1/session';
const IDENTITY_PATH = '/api/v1/identity';
const PAIR_CHALLENGE_PATH = '/api/v1/pair/challenge';
const PAIR_PATH = '/api/v1/pair';
/**
 * What answers without the key: the identity proof and the pairing challenge hand out nothing
 * secret (they are how the console decides whether to trust this program at all), and pairing
 * itself needs the one-time code the user read off this client.
 */
const OPEN_CALLS = new Set([`GET ${IDENTITY_PATH}`, `POST ${PAIR_CHALLENGE_PATH}`, `POST ${PAIR_PATH}`]);

const NO_CODE = 'no pairing code is active: ask the client for one (the desktop app: Settings → Local API)';

const configsSaveBody = z
  .object({ performance: performanceConfigPatchSchema.optional(), systemProxy: z.unknown().optional() })
  .strict()
  .refine((b) => b.performance !== undefined || b.systemProxy !== undefined, 'performance or systemProxy is required');

/**
 * The client's local API on 127.0.0.1 (docs/client.md, Local API): automation tools start and stop profiles here and
 * get a DevTools endpoint back; the console in a browser uses it as its bridge. Three gates run
 * before any handler: the Host must be loopback, a browser's Origin must be the console's, and
 * the x-api-key must match when a key is in force.
 */
export async function createLocalApi(o: LocalApiOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 5 * 1024 * 1024 });
  let allowed = new Set<string>();
  const refreshOrigins = (port: number) => {
    allowed = new Set([...o.consoleOrigins, `http://127.0.0.1:${port}`].flatMap(loopbackSpellings));
  };
  refreshOrigins(0);
  let localApiUrl = '';
  app.addHook('onListen', async () => {
    const addr = app.server.address();
    if (addr && typeof addr === 'object') {
      refreshOrigins(addr.port);
      localApiUrl = `http://127.0.0.1:${addr.port}`;
    }
  });

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isLoopbackHost(req.headers.host)) return reply.code(403).send(fail('forbidden host'));
    const origin = req.headers.origin;
    if (!isAllowedOrigin(origin, allowed)) return reply.code(403).send(fail('forbidden origin'));
    if (origin) {
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
      if (req.method === 'OPTIONS') {
        return reply
          .code(204)
          .header('access-control-allow-methods', 'GET, POST, OPTIONS')
          .header('access-control-allow-headers', 'content-type, x-api-key')
          .header('access-control-max-age', '600')
          .send();
      }
    }
    const path = req.url.split('?')[0];
    if (OPEN_CALLS.has(`${req.method} ${path}`)) return;
    // The MCP route checks its own key (mcp/routes.ts): the local API's key does not open it.
    if (o.mcp && path === MCP_PATH) return;
    const configuredKey = o.config.get().apiKey;
    const policy = { ...(await o.keyPolicy()), configuredKey };
    const key = req.headers['x-api-key'];
    const refusal = checkApiKey(typeof key === 'string' ? key : undefined, policy);
    if (refusal) return reply.code(401).send(fail(refusal));
  });

  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof BadRequest) return reply.code(400).send(fail(err.message, err.error ? [err.error] : undefined));
    if (err instanceof ClientError) return reply.code(409).send(fail(err.message));
    if (err instanceof ServerError) return reply.code(502).send(fail(err.message));
    const e = err as { statusCode?: number; message?: string };
    if (e.statusCode && e.statusCode < 500) return reply.code(e.statusCode).send(fail(e.message ?? 'bad request'));
    return reply.code(500).send(fail(e.message ?? 'internal error'));
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).send(fail(`no such endpoint: ${req.method} ${req.url}`)));

  const S = o.sessions;
  app.post('/api/v1/profiles/start', async (req) => {
    const b = parse(startBody, req.body);
    const p = await S.open(b.id, b.headless === undefined ? {} : { headless: b.headless });
    return ok({ id: p.id, wsEndpoint: p.wsEndpoint, pid: p.pid });
  });
  app.post('/api/v1/profiles/start-many', async (req) => {
    const b = parse(startManyBody, req.body);
    const results = await S.openMany(b.ids, {
      concurrency: b.concurrency,
      ...(b.headless === undefined ? {} : { headless: b.headless }),
    });
    return ok(results.map((r) => ({ ...r, ...(r.ok ? S.get(r.id) : {}) })));
  });
  app.post('/api/v1/profiles/stop', async (req, reply) => {
    const { id } = parse(idBody, req.body);
    if (!(await S.close(id))) return reply.code(404).send(fail(`profile ${id} is not open in this client`));
    return ok(true);
  });
  app.get('/api/v1/profiles/active', async () => ok(S.active()));
  app.post('/api/v1/profiles/check-fingerprint', async (req) => ok(await S.checker.check(parse(idBody, req.body).id)));
  app.post('/api/v1/profiles/stop-all', async () => ok({ count: await S.closeAll() }));

  const configs = () =>
    clientConfigsOf(o.config.get(), {
      localApiUrl,
      clientVersion: o.clientVersion,
      engineVersion: o.engineVersion?.() ?? null,
    });
  app.post('/configs/all', async () => ok(configs()));
  app.post('/configs/save', async (req) => {
    const b = parse(configsSaveBody, req.body);
    if (b.performance) await o.config.savePerformance(b.performance);
    if (b.systemProxy !== undefined) {
      const proxy = parse(systemProxySaveSchema, b.systemProxy, 'systemProxy');
      try {
        await o.config.saveSystemProxy(proxy);
      } catch (e) {
        throw new ClientError(`the system proxy cannot be used: ${(e as Error).message}`);
      }
    }
    return ok(configs());
  });
  app.post('/bounds/flexable', async (req) =>
    ok(await arrangeWithPhones(S, o.phones, parse(arrangeWindowsBodySchema, req.body), o.phoneScale)),
  );
  app.post('/bounds/reset', async (req) => {
    const { ids } = parse(resetWindowBoundsBodySchema, req.body);
    return ok({ count: await S.resetWindowBounds(ids) });
  });

  app.post('/extralog/list', async (req) => ok(await o.extraLog.list(parse(extraLogListBodySchema, req.body))));
  app.post('/extralog/delete', async (req) => {
    const { ids } = parse(extraLogDeleteBodySchema, req.body);
    return ok({ count: await o.extraLog.delete(ids) });
  });

  // A spreadsheet sent as bytes is up to the budget's size, a third more in base64.
  app.post('/utils/readexcel', { bodyLimit: base64BodyLimit(READ_EXCEL_BUDGET.fileBytes) }, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      if (typeof body === 'object' && body && 'path' in body)
        return ok(await readSpreadsheetFile(parse(readExcelPathBodySchema, body).path, o.readableFolders));
      const b = parse(readExcelBytesBodySchema, body);
      if (!/^[A-Za-z0-9+/\r\n]+={0,2}\s*$/.test(b.base64)) throw new BadRequest('base64: not base64 data');
      // Decoded on the reader's thread, like everything else about the file.
      return ok(await readSpreadsheet({ base64: b.base64 }, b.name));
    } catch (e) {
      if (e instanceof SpreadsheetRefused) throw new BadRequest(e.message, e.error);
      throw e;
    }
  });

  registerPhoneRoutes(app, o.phones);
  const rpa = { filesDir: o.rpaFilesDir, updateProfile: o.updateProfile };
  registerRpaRoutes(app, S, { ...rpa, taskErrors: o.rpaTaskErrors });
  if (o.mcp) registerMcpRoutes(app, { ...o.mcp, sessions: S, rpa, baseUrl: () => localApiUrl });

  // The port this request reached: proofs are bound to it (docs/client.md, Pairing).
  const ownPort = () => (app.server.address() as { port: number }).port;
  if (o.identity) {
    const identity = o.identity;
    app.get(IDENTITY_PATH, async (req) => {
      const { nonce } = parse(identityQuerySchema, req.query, 'query');
      const port = ownPort();
      return ok({ publicKey: identity.publicKey, port, signature: identity.sign(nonce, port) });
    });
  }

  if (o.pairing) {
    const pairing = o.pairing;
    app.post(PAIR_CHALLENGE_PATH, async (req) => {
      const { nonce } = parse(pairChallengeBodySchema, req.body);
      const port = ownPort();
      const proof = pairing.prove(nonce, port);
      if (proof === null) throw new ClientError(NO_CODE);
      return ok({ port, proof });
    });
    app.post(PAIR_PATH, async (req, reply) => {
      const b = parse(pairBodySchema, req.body);
      const outcome = pairing.redeem(b.code);
      if (outcome === 'no-code') throw new ClientError(NO_CODE);
      if (outcome === 'wrong') return reply.code(401).send(fail('wrong pairing code'));
      if (b.token && o.setSession) await o.setSession({ token: b.token, ...(b.sid ? { sid: b.sid } : {}) });
      return ok({ apiKey: o.config.get().apiKey });
    });
  }

  if (o.setSession) {
    const setSession = o.setSession;
    app.post(SESSION_PATH, async (req) => {
      const b = parse(sessionBody, req.body);
      if (b.apiKey) await o.config.saveApiKey(b.apiKey);
      await setSession(b);
      return ok(true);
    });
  }
  return app;
}

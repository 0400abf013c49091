import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ACCESS_HEADER,
  API_PREFIX,
  accessStamp,
  type CallDef,
  type CallName,
  Code,
  calls,
  describeIssues,
  fieldErrorsOf,
  X1_HEADER,
  X1_VALUE,
  X1Error,
} from '@facet/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requirePermission } from '../access/index.js';
import { AppError, fieldError, invalid } from '../lib/errors.js';
import { codesOfRole } from '../modules/accounts/service.js';
import { X1Replay } from '../modules/keys/service.js';
import { assertWhitelistAllows } from '../modules/security/ip-whitelist.js';
import type { Authenticated } from '../modules/sessions/service.js';
import type { Services } from '../services.js';
import type { CallContext, Handlers } from './call-context.js';
import { ReceivedUpload, receiveUpload } from './uploads.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: Authenticated | null;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/** A zod validator whose 400 names each field and the rule's key, as field errors and as the message. */
function zodValidator(schema: z.ZodType, part: string) {
  return (data: unknown) => {
    const r = schema.safeParse(data ?? (part === 'body' ? undefined : {}));
    if (r.success) return { value: r.data };
    return { error: invalid(fieldErrorsOf(r.error, part), describeIssues(r.error, part)) };
  };
}

/** Registers every call of the shared table with its guards, in the order the table has. */
export function registerCalls(app: FastifyInstance, services: Services, handlers: Handlers) {
  const names = Object.keys(calls) as CallName[];
  const takesFile = (n: CallName) => (calls[n] as CallDef).upload !== undefined;
  for (const name of names) if (!takesFile(name)) registerCall(app, services, handlers, name);
  // Calls that take a file get their own octet-stream parser: the body goes to disk as it arrives.
  const uploads = names.filter(takesFile);
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/octet-stream');
    scope.addContentTypeParser('application/octet-stream', (req, payload, done) => {
      const max = (calls[req.routeOptions.config.callName as CallName] as CallDef).upload?.maxBytes ?? 0;
      const length = req.headers['content-length'];
      receiveUpload(payload, length, join(services.dataDir, 'incoming'), max).then(
        (file) => done(null, file),
        (e: Error) => done(e, undefined),
      );
    });
    scope.addHook('onResponse', async (req) => {
      if (req.body instanceof ReceivedUpload) await rm(req.body.path, { force: true });
    });
    for (const name of uploads) registerCall(scope, services, handlers, name);
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    callName?: string;
  }
}

function registerCall(app: FastifyInstance, services: Services, handlers: Handlers, name: CallName) {
  const def: CallDef = calls[name];
  const handler = handlers[name] as (c: CallContext<CallName>) => unknown;
  const schema: Record<string, unknown> = {
    summary: def.summary,
    tags: [def.path.split('/')[1] ?? 'api'],
    ...(def.x1 ? { description: 'Body sent X1-encrypted (X-Auth-Type: X1); schema shows the plaintext.' } : {}),
    ...(def.body ? { body: def.body } : {}),
    ...(def.query ? { querystring: def.query } : {}),
    ...(def.params ? { params: def.params } : {}),
  };
  app.route({
    method: def.method,
    url: API_PREFIX + def.path,
    config: { callName: name },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    schema,
    validatorCompiler: ({ schema: s, httpPart }) =>
      zodValidator(s as unknown as z.ZodType, httpPart === 'querystring' ? 'query' : (httpPart ?? 'body')),
    onRequest: async (req) => {
      req.auth = null;
      if (def.auth === 'public') return;
      const token = bearerToken(req);
      if (!token) {
        if (def.auth === 'user') throw new AppError(Code.UNAUTHORIZED, 'not logged in');
        return;
      }
      const sid = typeof req.headers.sid === 'string' ? req.headers.sid : undefined;
      try {
        req.auth = await services.sessions.authenticate(token, sid);
      } catch (e) {
        if (def.auth === 'user') throw e;
        return; // an optional-auth call goes on anonymously
      }
      // The main account's IP whitelist holds for every call of its users.
      assertWhitelistAllows(req.auth.ipWhitelist, req.ip);
      if (def.permissions?.length) {
        const { user } = req.auth;
        const menuCodes = codesOfRole(user.roleId, req.auth.storedRoleCodes);
        // The caller decided on what it was allowed before its role or risk level changed: it
        // reloads the user info and sends the call again rather than meet a 403 on stale menus.
        const held = req.headers[ACCESS_HEADER];
        if (
          typeof held === 'string' &&
          held !== accessStamp({ roleId: user.roleId, riskLevel: user.riskLevel, menuCodes })
        )
          throw new AppError(Code.USER_INFO_CHANGED, 'your role or permissions changed: reload the user info');
        requirePermission(user, menuCodes, def.permissions);
      }
    },
    preValidation: def.x1
      ? async (req) => {
          if (req.headers[X1_HEADER.toLowerCase()] !== X1_VALUE || !Buffer.isBuffer(req.body))
            throw new AppError(Code.X1_REQUIRED, 'this call takes an X1-encrypted body (X-Auth-Type: X1)');
          try {
            req.body = await services.x1.open(req.body);
          } catch (e) {
            if (e instanceof X1Replay)
              // The console answers this code by encrypting the body afresh once, so its own
              // retries still go through while a captured copy does not.
              throw new AppError(Code.X1_REQUIRED, 'this X1 body was already used; encrypt the call afresh');
            if (e instanceof X1Error)
              throw new AppError(Code.X1_REQUIRED, 'the X1 body did not decrypt or has expired');
            throw e;
          }
        }
      : undefined,
    handler: async (req, reply) => {
      if (def.upload && !(req.body instanceof ReceivedUpload))
        throw fieldError('body', 'fileRequired', 'the file as application/octet-stream');
      const upload = def.upload ? (req.body as ReceivedUpload) : undefined;
      let result: unknown;
      try {
        result = await handler({
          upload,
          body: def.upload ? undefined : req.body,
          query: req.query,
          params: req.params,
          user: req.auth?.user ?? null,
          session: req.auth?.session ?? null,
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? '',
          services,
          request: req,
        } as CallContext<CallName>);
      } finally {
        // What the handler did not move to where it keeps files is gone before the answer.
        if (upload) await rm(upload.path, { force: true });
      }
      if (def.blob) {
        // A file: bytes with its type and name instead of the JSON envelope; the console saves it.
        const file = result as { filename: string; contentType: string; data: Uint8Array };
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${encodeURIComponent(file.filename)}"`)
          .send(Buffer.from(file.data));
      }
      return reply.send({ code: Code.OK, message: 'success', result });
    },
  });
}

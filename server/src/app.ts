import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  API_PREFIX,
  CODE_MEANINGS,
  Code,
  type FailureEnvelope,
  type FieldError,
  failureEnvelopeSchema,
  UPDATES_PATH,
} from '@facet/shared';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Handlers } from './http/call-context.js';
import { registerCalls } from './http/register-calls.js';
import { AppError, inputFaultOf } from './lib/errors.js';
import { accountHandlers } from './modules/accounts/routes.js';
import { billingHandlers, registerStripeWebhook } from './modules/billing/routes.js';
import { clientHandlers } from './modules/clients/routes.js';
import { dashboardHandlers } from './modules/dashboard/routes.js';
import { extensionHandlers } from './modules/extensions/routes.js';
import { fingerprintHandlers } from './modules/fingerprints/routes.js';
import { groupHandlers } from './modules/groups/routes.js';
import { identityHandlers } from './modules/identity/routes.js';
import { logHandlers } from './modules/logs/routes.js';
import { menuHandlers } from './modules/menus/routes.js';
import { messageHandlers } from './modules/messages/routes.js';
import { noticeHandlers } from './modules/notices/routes.js';
import { outboxHandlers } from './modules/outbox/routes.js';
import { phoneAppHandlers } from './modules/phones/app-routes.js';
import { phoneExtraHandlers } from './modules/phones/extra-routes.js';
import { phoneGroupHandlers } from './modules/phones/group-routes.js';
import { phoneHandlers } from './modules/phones/routes.js';
import { profileHandlers } from './modules/profiles/routes.js';
import { profileWindowHandlers } from './modules/profiles/window-routes.js';
import { proxyHandlers } from './modules/proxies/routes.js';
import { registerUpdateFeed } from './modules/releases/feed-routes.js';
import { releaseHandlers } from './modules/releases/routes.js';
import { rpaHandlers } from './modules/rpa/routes.js';
import { securityHandlers } from './modules/security/routes.js';
import { settingHandlers } from './modules/settings/routes.js';
import { teamHandlers } from './modules/team/routes.js';
import { thirdHandlers } from './modules/third/routes.js';
import { createServices, type ServiceOptions, type Services } from './services.js';

export interface AppOptions extends ServiceOptions {
  /** Built console to serve at `/` with history-mode fallback. */
  consoleDir?: string | undefined;
  trustProxy?: boolean | undefined;
  /** Certificate and key (PEM): the app then serves https only (docs/deploy.md). */
  https?: { cert: Buffer; key: Buffer } | undefined;
  logger?: FastifyServerOptions['logger'];
}

const handlers: Handlers = {
  ...accountHandlers,
  ...menuHandlers,
  ...fingerprintHandlers,
  ...outboxHandlers,
  ...messageHandlers,
  ...dashboardHandlers,
  ...profileHandlers,
  ...profileWindowHandlers,
  ...groupHandlers,
  ...extensionHandlers,
  ...proxyHandlers,
  ...teamHandlers,
  ...securityHandlers,
  ...clientHandlers,
  ...logHandlers,
  ...settingHandlers,
  ...releaseHandlers,
  ...noticeHandlers,
  ...billingHandlers,
  ...phoneHandlers,
  ...phoneAppHandlers,
  ...phoneExtraHandlers,
  ...phoneGroupHandlers,
  ...rpaHandlers,
  ...thirdHandlers,
  ...identityHandlers,
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The refusal the error handler answered with, for the API error log. */
    apiError?: { code: number; message: string };
  }
}

/** Schemas the OpenAPI document lists under components.schemas besides the calls' own. */
const documentedSchemas = z.registry<{ id: string }>();
documentedSchemas.add(failureEnvelopeSchema, { id: 'Failure' });

const envelope = (code: number, message: string, errors: FieldError[] = []): FailureEnvelope => ({
  code,
  message,
  result: null,
  errors,
});
const refuse = (req: FastifyRequest, code: number, message: string, errors: FieldError[] = []) => {
  req.apiError = { code, message };
  return envelope(code, message, errors);
};

export async function buildApp(opts: AppOptions): Promise<FastifyInstance & { services: Services }> {
  const serverOptions = {
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    logController: new LogController({ disableRequestLogging: true }),
  };
  // An https server is handled like the http one everywhere below (routes, inject, listen, close).
  const app = opts.https
    ? (Fastify({ ...serverOptions, https: opts.https }) as unknown as FastifyInstance)
    : Fastify(serverOptions);
  const services = await createServices({ ...opts, log: app.log });
  app.decorate('services', services);

  // Responses are built by our handlers; zod validates them in tests, not on every request.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) return reply.code(err.httpStatus).send(refuse(req, err.code, err.message, err.errors));
    const e = err as { validation?: unknown; statusCode?: number; code?: string; message: string };
    if (e.validation) return reply.code(400).send(refuse(req, Code.BAD_REQUEST, e.message));
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply
        .code(413)
        .send(
          refuse(
            req,
            Code.BAD_REQUEST,
            `request body too large (limit ${req.routeOptions.bodyLimit / 1024 / 1024} MiB)`,
          ),
        );
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500)
      return reply.code(e.statusCode).send(refuse(req, Code.BAD_REQUEST, e.message));
    const fault = inputFaultOf(err);
    if (fault) {
      // A value the call's schema let through and the database (or the stack) refused: the
      // caller's fault, so a 400. Logged once, by call and reason only: the error itself carries
      // the SQL parameters (drizzle puts them in its message), i.e. the caller's values.
      const call = `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`;
      req.log.warn({ call, sqlstate: fault.sqlstate, reason: fault.reason }, 'input refused');
      return reply
        .code(400)
        .send(
          refuse(req, Code.BAD_REQUEST, `${call}: ${fault.reason}`, [
            { field: '', key: 'invalidInput', detail: fault.reason },
          ]),
        );
    }
    req.log.error(err);
    return reply.code(500).send(refuse(req, Code.INTERNAL, 'internal server error'));
  });

  // The API error log (getUserApiErrorLog): every 4xx/5xx of a signed-in user, written before the
  // answer goes out so a caller that reads the log next finds the error there (errors are rare).
  app.addHook('onSend', async (req, reply, payload) => {
    const user = req.auth?.user;
    if (!user || reply.statusCode < 400) return payload;
    try {
      await services.logs.apiError(user.id, {
        method: req.method,
        path: (req.routeOptions.url ?? req.url.split('?')[0] ?? '').slice(0, 200),
        status: reply.statusCode,
        code: req.apiError?.code ?? reply.statusCode,
        message: req.apiError?.message ?? '',
      });
    } catch (e) {
      req.log.warn({ err: e }, 'could not write the API error log');
    }
    return payload;
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Facet API',
        version: '0.1.0',
        description: `Every response is { code, message, result }; a refusal is { code, message, result: null, errors } where errors lists { field, key, detail? } (the Failure schema). Codes: ${Object.entries(
          CODE_MEANINGS,
        )
          .map(([c, m]) => `${c} ${m}`)
          .join('; ')}.`,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: documentedSchemas }),
  });

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    await services.db.execute(sql`select 1`);
    return reply.send({ status: 'ok', db: services.dbKind });
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerCalls(app, services, handlers);
  await registerStripeWebhook(app, services);
  app.addHook('onClose', async () => {
    services.billing.stopJobs();
    await services.phones.stopJobs();
    services.rpa.stopJobs();
    await services.phones.idle();
  });
  await registerUpdateFeed(app, opts.releasesDir);

  const consoleDir = opts.consoleDir && existsSync(join(opts.consoleDir, 'index.html')) ? opts.consoleDir : undefined;
  if (consoleDir) {
    await app.register(fastifyStatic, { root: consoleDir, wildcard: false, index: false, maxAge: '1h' });
  }
  const indexHtml = consoleDir ? readFileSync(join(consoleDir, 'index.html'), 'utf8') : undefined;
  app.setNotFoundHandler((req, reply) => {
    const isApi =
      req.url.startsWith(`${API_PREFIX}/`) || req.url === API_PREFIX || req.url.startsWith(`${UPDATES_PATH}/`);
    if (indexHtml && req.method === 'GET' && !isApi) {
      // History-mode routing: every console path gets the app shell, which routes itself.
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.code(404).send(envelope(Code.NOT_FOUND, `no route ${req.method} ${req.url.split('?')[0]}`));
  });

  await app.ready();
  return app as unknown as FastifyInstance & { services: Services };
}

import { rpaRunBodySchema } from '@facet/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProfileSessions } from '../profile-sessions.js';
import { type RunOnProfileOptions, runFlowOnProfile } from '../rpa/run-on-profile.js';
import type { RpaWorker } from '../rpa/worker.js';
import { ok } from './guards.js';
import { parse } from './parse.js';

/**
 * POST /api/v1/rpa/run (docs/client.md, RPA): opens the profile when it is not open, connects to
 * its DevTools endpoint as any automation tool would, runs the flow and answers the result with
 * its log (and the failure's PNG as base64). A caller that hangs up cancels the run.
 */
export function registerRpaRoutes(
  app: FastifyInstance,
  sessions: ProfileSessions,
  o: RunOnProfileOptions & { taskErrors?: RpaWorker['taskErrors'] | undefined },
) {
  // What the desktop app gets as rpa-task-error events, polled by a console in a browser.
  const errorsQuery = z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) });
  app.get('/api/v1/rpa/errors', async (req) => {
    const { after } = parse(errorsQuery, req.query);
    return ok(o.taskErrors ? o.taskErrors(after) : { last: 0, list: [] });
  });
  app.post('/api/v1/rpa/run', { bodyLimit: 2 * 1024 * 1024 }, async (req) => {
    const b = parse(rpaRunBodySchema, req.body);
    const gone = new AbortController();
    const onClose = () => gone.abort();
    req.raw.socket.once('close', onClose);
    try {
      return ok(await runFlowOnProfile(sessions, o, b, gone.signal));
    } finally {
      req.raw.socket.off('close', onClose);
    }
  });
}

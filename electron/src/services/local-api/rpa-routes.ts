import { rpaRunBodySchema } from '@facet/shared';
import type { FastifyInstance } from 'fastify';
import { chromium } from 'playwright-core';
import { z } from 'zod';
import type { ProfileSessions } from '../profile-sessions.js';
import { runFlow } from '../rpa/run.js';
import type { RpaWorker } from '../rpa/worker.js';
import { ok } from './guards.js';
import { parse } from './parse.js';

const RUN_TIMEOUT_MS = 10 * 60_000;

/**
 * POST /api/v1/rpa/run (docs/client.md, RPA): opens the profile when it is not open, connects to
 * its DevTools endpoint as any automation tool would, runs the flow and answers the result with
 * its log (and the failure's PNG as base64). A caller that hangs up cancels the run.
 */
export function registerRpaRoutes(
  app: FastifyInstance,
  sessions: ProfileSessions,
  o: {
    filesDir: string | undefined;
    updateProfile: ((id: number, patch: { remark?: string; tags?: string[] }) => Promise<void>) | undefined;
    taskErrors?: RpaWorker['taskErrors'] | undefined;
  },
) {
  // What the desktop app gets as rpa-task-error events, polled by a console in a browser.
  const errorsQuery = z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) });
  app.get('/api/v1/rpa/errors', async (req) => {
    const { after } = parse(errorsQuery, req.query);
    return ok(o.taskErrors ? o.taskErrors(after) : { last: 0, list: [] });
  });
  const { filesDir, updateProfile } = o;
  app.post('/api/v1/rpa/run', { bodyLimit: 2 * 1024 * 1024 }, async (req) => {
    const b = parse(rpaRunBodySchema, req.body);
    const profile = await sessions.open(b.profileId);
    const browser = await chromium.connectOverCDP(profile.wsEndpoint);
    const gone = new AbortController();
    const onClose = () => gone.abort();
    req.raw.socket.once('close', onClose);
    try {
      const context = browser.contexts()[0] ?? (await browser.newContext());
      const r = await runFlow({
        flow: b.flow,
        context,
        ...(b.variables ? { variables: b.variables } : {}),
        ...(b.row ? { row: b.row } : {}),
        signal: AbortSignal.any([gone.signal, AbortSignal.timeout(b.timeoutMs ?? RUN_TIMEOUT_MS)]),
        ...(filesDir ? { filesDir } : {}),
        httpProxy: sessions.relayUrl(b.profileId),
        hooks: updateProfile ? { updateProfile: (patch) => updateProfile(b.profileId, patch) } : {},
      });
      const { screenshot, ...rest } = r;
      return ok({ ...rest, ...(screenshot ? { screenshot: screenshot.toString('base64') } : {}) });
    } finally {
      req.raw.socket.off('close', onClose);
      // Disconnects only: the profile stays open, as the caller left it.
      await browser.close().catch(() => {});
    }
  });
}

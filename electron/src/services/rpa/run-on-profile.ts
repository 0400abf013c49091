import type { rpaRunBodySchema } from '@facet/shared';
import type { z } from 'zod';
import type { ProfileSessions } from '../profile-sessions.js';
import { playwright } from './playwright.js';
import { runFlow } from './run.js';

export const RUN_TIMEOUT_MS = 10 * 60_000;

export interface RunOnProfileOptions {
  /** Where the flow's files live (docs/rpa.md, Files). */
  filesDir: string | undefined;
  /** Writes a profile's remark and/or tags at the server (an updateProfile step). */
  updateProfile: ((id: number, patch: { remark?: string; tags?: string[] }) => Promise<void>) | undefined;
}

/**
 * One flow run on a profile, as the local API's rpa/run and the MCP server's run_flow do it
 * (docs/rpa.md): opens the profile when it is not open, connects to its DevTools endpoint as any
 * automation tool would, runs the flow and answers the result with its log (the failed tab's PNG
 * as base64). The profile stays open; `signal` cancels the run.
 */
export async function runFlowOnProfile(
  sessions: ProfileSessions,
  o: RunOnProfileOptions,
  b: z.infer<typeof rpaRunBodySchema>,
  signal: AbortSignal,
) {
  const profile = await sessions.open(b.profileId);
  const browser = await (await playwright()).chromium.connectOverCDP(profile.wsEndpoint);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const { updateProfile } = o;
    const r = await runFlow({
      flow: b.flow,
      context,
      ...(b.variables ? { variables: b.variables } : {}),
      ...(b.row ? { row: b.row } : {}),
      signal: AbortSignal.any([signal, AbortSignal.timeout(b.timeoutMs ?? RUN_TIMEOUT_MS)]),
      ...(o.filesDir ? { filesDir: o.filesDir } : {}),
      httpProxy: sessions.relayUrl(b.profileId),
      hooks: updateProfile ? { updateProfile: (patch) => updateProfile(b.profileId, patch) } : {},
    });
    const { screenshot, ...rest } = r;
    return { ...rest, ...(screenshot ? { screenshot: screenshot.toString('base64') } : {}) };
  } finally {
    // Disconnects only: the profile stays open, as the caller left it.
    await browser.close().catch(() => {});
  }
}

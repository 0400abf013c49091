import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { alignToEngine } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetClient } from '../client.js';
import { windowsFingerprint } from '../test/fixtures.js';
import { noChrome, startFacetServer, startTestClient, tempDir } from '../test/world.js';

/**
 * A visible window, as users open profiles: on an X server of its own (Xvfb) whose screen is not
 * the profile's, so everything that shows the real screen is a finding of the checker.
 */
const xvfb = (() => {
  if (process.platform !== 'linux') return null;
  try {
    return execFileSync('sh', ['-c', 'command -v Xvfb'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
})();
const skip = noChrome || (xvfb ? false : 'no Xvfb on this machine (Debian: xvfb) for a visible window');

describe.skipIf(skip)('a visible window', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let user: Awaited<ReturnType<Awaited<ReturnType<typeof startFacetServer>>['srv']['register']>>;
  let client: FacetClient;
  let x: ChildProcess;
  const data = tempDir('facet-headed-');
  const previousDisplay = process.env.DISPLAY;

  beforeAll(async () => {
    // A display number of this test's own, from its process id, so parallel runs do not meet.
    const display = `:${100 + (process.pid % 400)}`;
    x = spawn(xvfb!, [display, '-screen', '0', '2560x1440x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 700));
    process.env.DISPLAY = display;
    world = await startFacetServer();
    user = await world.srv.register();
    client = await startTestClient(world, user, data.dir, { probeEngine: true });
    for (let i = 0; i < 100 && !client.engineVersion(); i++) await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(async () => {
    await client?.stop();
    await world?.srv.close();
    x?.kill();
    if (previousDisplay === undefined) delete process.env.DISPLAY;
    else process.env.DISPLAY = previousDisplay;
    data.remove();
  });

  it("shows the profile's screen in the page (media queries too) and in a cross-origin frame", async () => {
    const r = await world.srv.call(
      'profileCreate',
      // Claiming the engine's own version, as generated profiles do.
      { name: 'visible', browserFingerPrint: alignToEngine(windowsFingerprint(), client.engineVersion()!) },
      { token: user.token, sid: user.sid },
    );
    const id = r.result.id;
    await client.sessions.open(id, { headless: false });
    try {
      const report = await client.sessions.checker.check(id);
      const findings = report.findings
        // Xvfb has no GPU: the browser turns WebGL off, which a desktop does not.
        .filter((f) => !(f.subject.startsWith('webgl.') && f.actual === 'unavailable'))
        .map((f) => `${f.kind} ${f.subject} @${f.where}: ${f.expected} / ${f.actual}`);
      // The one thing a visible window's cross-process frame still shows of the real screen: its
      // device-width media queries (docs/client.md, What the fingerprint covers).
      expect(findings).toEqual(['context screen.mediaQueries @crossOriginFrame: true / false']);
      const frame = report.contexts.find((c) => c.context === 'crossOriginFrame')!;
      expect([frame.values['screen.size'], frame.values['screen.avail']]).toEqual(['1536x864', '1536x864']);
      const page = report.contexts.find((c) => c.context === 'page')!;
      expect([page.values['screen.size'], page.values['screen.mediaQueries']]).toEqual(['1536x864', 'true']);
    } finally {
      await client.sessions.close(id);
    }
  });
});

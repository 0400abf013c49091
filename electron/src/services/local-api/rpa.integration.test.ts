// biome-ignore-all lint/suspicious/noTemplateCurlyInString: flows write their variables as ${name} (docs/rpa.md, Variables)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIX } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetClient } from '../client.js';
import { startRpaSite } from '../rpa/test/site.js';
import { windowsFingerprint } from '../test/fixtures.js';
import { noChrome, sendKeyed, startFacetServer, startTestClient, tempDir } from '../test/world.js';

describe.skipIf(noChrome)('local API: rpa/run', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let client: FacetClient;
  let site: Awaited<ReturnType<typeof startRpaSite>>;
  let profileId: number;
  let auth: { token: string; sid: string };
  const data = tempDir('facet-rpa-api-');
  const run = (body: unknown) => sendKeyed(client.url, 'POST', '/api/v1/rpa/run', {}, body);

  beforeAll(async () => {
    world = await startFacetServer();
    const u = await world.srv.register();
    auth = { token: u.token, sid: u.sid };
    site = await startRpaSite();
    client = await startTestClient(world, u, data.dir, { device: 'rpa-device' });
    const r = await world.srv.call(
      'profileCreate',
      { name: 'rpa', browserFingerPrint: windowsFingerprint() },
      { token: u.token, sid: u.sid },
    );
    profileId = r.result.id;
  });
  afterAll(async () => {
    await client?.stop();
    await site?.close();
    await world?.srv.close();
    data.remove();
  });

  it('refuses a flow the shared schema refuses, naming the field', async () => {
    const r = await run({ profileId, flow: { version: 1, steps: [{ type: 'goto', url: 5 }] } });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('flow.steps.0.url');
    expect((await run({ profileId: 0, flow: { version: 1, steps: [] } })).status).toBe(400);
  });

  it('opens the profile, runs the flow in it and answers the result with its log; the profile stays open', async () => {
    const r = await run({
      profileId,
      variables: { base: site.url },
      row: { user: 'ann', password: 'secret' },
      flow: {
        version: 1,
        steps: [
          { type: 'goto', url: '${base}/login' },
          { type: 'type', selector: '#user', text: '${user}' },
          { type: 'type', selector: '#password', text: '${password}' },
          { type: 'click', selector: '#go' },
          { type: 'wait', selector: '#name' },
          { type: 'extract', what: 'url', variable: 'where' },
          { type: 'saveData', path: 'signed-in.csv', columns: ['user', 'where'] },
          { type: 'updateProfile', remark: 'signed in as ${user}', tags: ['rpa'] },
          { type: 'httpRequest', method: 'GET', url: '${base}/api/ping', variable: 'ping' },
        ],
      },
    });
    expect(r.status).toBe(200);
    const out = r.body.data as {
      status: string;
      extracted: unknown;
      variables: Record<string, unknown>;
      logs: Array<{ path: string; status: string }>;
    };
    expect(out.status).toBe('done');
    expect(out.extracted).toEqual({ where: `${site.url}/form` });
    // Through the profile's relay, with its cookies.
    expect([out.variables.ping, out.variables.ping_status]).toEqual(['{"pong":true}', 200]);
    expect(out.logs.map((l) => `${l.path}:${l.status}`)).toEqual([
      '0:ok',
      '1:ok',
      '2:ok',
      '3:ok',
      '4:ok',
      '5:ok',
      '6:ok',
      '7:ok',
      '8:ok',
    ]);
    expect(readFileSync(join(data.dir, 'rpa', 'signed-in.csv'), 'utf8')).toBe(`user,where\r\nann,${site.url}/form\r\n`);
    // The updateProfile step went to the server through the client's session.
    const detail = await world.srv.call('profileGet', undefined, {
      ...auth,
      url: `${API_PREFIX}/v1/browserInfos/${profileId}`,
    });
    expect([detail.result.remark, detail.result.tags]).toEqual(['signed in as ann', ['rpa']]);
    const active = await sendKeyed(client.url, 'GET', '/api/v1/profiles/active');
    expect(JSON.stringify(active.body.data)).toContain(`"id":${profileId}`);
  });

  it('a failing flow answers failed, the failed step and its screenshot as base64 PNG', async () => {
    const r = await run({
      profileId,
      flow: { version: 1, steps: [{ type: 'click', selector: '#nowhere', timeoutMs: 500 }] },
    });
    expect(r.status).toBe(200);
    const out = r.body.data as { status: string; error: { path: string }; screenshot: string };
    expect(out.status).toBe('failed');
    expect(out.error.path).toBe('0');
    expect(Buffer.from(out.screenshot, 'base64').subarray(0, 4).toString('hex')).toBe('89504e47');
    await sendKeyed(client.url, 'POST', '/api/v1/profiles/stop', {}, { id: profileId });
  });
});

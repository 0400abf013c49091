import { chromium } from '@playwright/test';
import { startHeadlessClient } from './client-process';
import { expect, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

const FINGERPRINT = {
  os: 'macos',
  browserVersion: '130',
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.92 Safari/537.36',
  clientHints: {},
  languages: { mode: 'custom', value: ['fr-FR', 'fr'] },
  timeZone: { mode: 'custom', value: 'America/Sao_Paulo' },
  geolocation: { mode: 'ask' },
  webrtc: 'proxy',
  screen: { mode: 'custom', width: 1440, height: 900 },
  fonts: [],
  canvasNoise: true,
  webglImageNoise: true,
  audioNoise: true,
  clientRectsNoise: true,
  webglVendor: 'Google Inc. (Apple)',
  webglRenderer: 'ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)',
  hardwareConcurrency: 8,
  deviceMemory: 8,
  mediaDevices: { mode: 'noise', audioInputs: 1, videoInputs: 1, audioOutputs: 1 },
  speechVoices: true,
  doNotTrack: null,
  deviceName: 'Marias-MacBook-Air',
  macAddress: 'A4-83-E7-12-34-56',
  portScanProtection: { enabled: false, allowPorts: [] },
};

const PROBE = `({ ua: navigator.userAgent, platform: navigator.userAgentData.platform,
  tz: Intl.DateTimeFormat().resolvedOptions().timeZone, languages: navigator.languages.join(','),
  webgl: ((gl) => (gl.getExtension('WEBGL_debug_renderer_info'), gl.getParameter(0x9246)))(new OffscreenCanvas(1, 1).getContext('webgl')), webdriver: navigator.webdriver })`;

test('client: the local API starts a fingerprinted profile that Playwright drives; kill -9 shows it closed', async ({
  baseURL,
}) => {
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = await new ServerApi(baseURL!).register(uniqueUser(), admin);
  const profile = await user.call<{ id: number }>('POST', '/v1/browserInfos', {
    name: 'e2e automation',
    browserFingerPrint: FINGERPRINT,
  });
  const openStatus = async () =>
    (await user.call<Array<{ openStatus: number }>>('POST', '/v1/browserInfos/getOpenStatus', { ids: [profile.id] }))[0]
      ?.openStatus;

  const client = await startHeadlessClient(baseURL!, user.bearer);
  try {
    // The local API refuses what a hostile web page could send.
    const port = new URL(client.url).port;
    expect(
      (await client.call('GET', '/api/v1/profiles/active', undefined, { origin: 'http://evil.example' })).status,
    ).toBe(403);
    expect(await client.rawGet('/api/v1/profiles/active', { host: `evil.example:${port}` })).toBe(403);
    expect(await client.rawGet('/api/v1/profiles/active', { host: `localhost:${port}` })).toBe(200);

    // A shared CI machine runs far above the 95% CPU default; the load guard has its own tests.
    const saved = await client.call('POST', '/configs/save', { performance: { open: false } });
    expect(saved.success).toBe(true);
    const start = await client.call<{ wsEndpoint: string; pid: number }>('POST', '/api/v1/profiles/start', {
      id: profile.id,
    });
    expect(start.msg).toBe('success');
    await expect.poll(openStatus).toBe(1);

    const browser = await chromium.connectOverCDP(start.data.wsEndpoint);
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${baseURL}/healthz`);
    const inPage = await page.evaluate(PROBE);
    const inWorker = await page.evaluate(`new Promise((resolve) => {
      const w = new Worker(URL.createObjectURL(new Blob(['postMessage(' + ${JSON.stringify(PROBE)} + ')'], { type: 'text/javascript' })));
      w.onmessage = (e) => resolve(e.data);
    })`);
    const claimed = {
      ua: FINGERPRINT.userAgent,
      platform: 'macOS',
      tz: 'America/Sao_Paulo',
      languages: 'fr-FR,fr',
      webgl: FINGERPRINT.webglRenderer,
    };
    expect(inPage).toEqual({ ...claimed, webdriver: false });
    // As in any Chromium: navigator.webdriver exists on pages only, not in workers.
    expect(inWorker).toEqual({ ...claimed, webdriver: undefined });
    await browser.close().catch(() => {});

    // The browser dies without a word: the server shows the profile closed within 5 s.
    const killedAt = Date.now();
    process.kill(start.data.pid, 'SIGKILL');
    await expect.poll(openStatus, { timeout: 5_000, intervals: [100] }).toBe(0);
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    expect((await client.call<unknown[]>('GET', '/api/v1/profiles/active')).data).toEqual([]);
  } finally {
    await client.stop();
  }
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestPhone, type TestPhone } from '@facet/server/test/adb-device';
import type { Page } from '@playwright/test';
import { startHeadlessClient } from './client-process';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

/*
 * A cloud phone in the client, from the console in a web browser (docs/phones.md, In the
 * client): its own server with a test phone, an environment bought, a real client paired with
 * the console. Opening from the list shows the phone's screen in a tab (the device's frames),
 * a click taps the device at the right pixels, closing closes it on the server, and so does the
 * list's "close all cloud phones" (§4), which releases at the server while the client's link is up.
 * A second phone runs scrcpy's server protocol: the viewer decodes its H.264 video with WebCodecs,
 * taps go over scrcpy's control socket, and the clipboard goes both ways.
 */
test.describe.configure({ mode: 'default' });

const REGION = 'e2e-view';
const SCRCPY_REGION = 'e2e-view-scrcpy';
const SCREEN = { width: 720, height: 1520 };
let facet: Awaited<ReturnType<typeof startFacet>>;
let admin: ServerApi;
let device: TestPhone;
let scrcpyDevice: TestPhone;
let scrcpyDir: string;
const at = (path: string) => `${facet.url}${path}`;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  facet = await startFacet();
  device = await startTestPhone({ brand: 'google', model: 'View Pixel', screen: SCREEN });
  scrcpyDevice = await startTestPhone({ model: 'Scrcpy Pixel', screen: SCREEN, scrcpy: { fps: 15 } });
  scrcpyDir = mkdtempSync(join(tmpdir(), 'facet-scrcpy-e2e-'));
  writeFileSync(join(scrcpyDir, 'scrcpy-server'), 'a scrcpy-server build for the test phone');
  admin = await new ServerApi(facet.url).login('admin', ADMIN_PASSWORD);
  for (const [d, region, name] of [
    [device, REGION, 'View phone'],
    [scrcpyDevice, SCRCPY_REGION, 'Scrcpy phone'],
  ] as const) {
    await admin.call('POST', '/v1/admin/phones/devices', {
      name,
      host: '127.0.0.1',
      port: d.port,
      region,
      androidVersion: '13',
    });
  }
});
test.afterAll(async () => {
  await device?.stop();
  await scrcpyDevice?.stop();
  if (scrcpyDir) rmSync(scrcpyDir, { recursive: true, force: true });
  if (!facet) return;
  // A server that ended on its own says why.
  if (facet.proc.exitCode !== null) console.log(facet.output().slice(-4000));
  else {
    facet.proc.kill('SIGTERM');
    await new Promise((r) => facet.proc.once('exit', r));
  }
  rmSync(facet.dataDir, { recursive: true, force: true });
});

type Env = { id: number; name: string; state: string };

/**
 * A user with an environment of the region's phone, a headless client paired with the console,
 * and the environment opened from the list: the viewer's tab.
 */
async function openFromConsole(page: Page, region: string, clientEnv: Record<string, string>) {
  const user = uniqueUser();
  const owner = await new ServerApi(facet.url).register(user, admin);
  const pkg = await admin.call<{ id: number }>('POST', '/v1/admin/phones/packages', {
    name: region === REGION ? 'View month' : 'Scrcpy month',
    region,
    androidVersion: '13',
    days: 30,
    price: '0.00',
  });
  await owner.call('POST', '/v1/cloudphone/envPackage/commitPackagePay', { packageId: pkg.id });
  const list = async () =>
    (await owner.call<{ list: Env[] }>('POST', '/v1/cloudphone/cloudPhonesEvn/list', { page: 1, pageSize: 20 })).list;
  // The environment is set up on its device first.
  await expect.poll(async () => (await list())[0]?.state, { timeout: 60_000 }).toBe('off');
  const env = (await list())[0]!;

  const client = await startHeadlessClient(facet.url, '', clientEnv);
  const port = new URL(client.url).port;
  await page.addInitScript((p) => localStorage.setItem('localClientPort', p), port);
  await signInAs(page, user.username, user.password, { base: facet.url });
  await page.goto(at('/settings/local-api'));
  await page.getByTestId('pair-code').fill(client.pairingCode());
  await page.getByTestId('pair-connect').click();
  await expect(page.getByTestId('client-status')).toHaveText('Connected');

  // Open from the list: the server marks it on, the client links to it, the viewer opens in a tab.
  await page.goto(at('/environment'));
  const row = page.getByTestId(`phone-row-${env.name}`);
  const tabOpened = page.context().waitForEvent('page');
  await row.getByTestId('phone-open').click();
  const view = await tabOpened;
  await expect(view).toHaveURL(new RegExp(`/phone-view/${env.id}$`), { timeout: 30_000 });
  expect((await list())[0]?.state).toBe('on');
  return { env, list, client, row, view };
}

test('from the console: open a cloud phone in the client, see its screen, tap it, close it', async ({ page }) => {
  test.setTimeout(180_000);
  // No scrcpy-server file: screencap mode.
  const { env, list, client, row, view } = await openFromConsole(page, REGION, { FACET_SCRCPY_SERVER: '' });
  try {
    expect((await client.call<number[]>('POST', '/phone/opened/ids')).data).toEqual([env.id]);
    await expect(page.getByTestId('phone-close-all')).toBeEnabled();

    // The screen is the device's frame: its size, and the device's colour below the status bar.
    const frame = view.getByTestId('phone-frame');
    await expect(frame).toBeVisible({ timeout: 30_000 });
    await expect(view.getByTestId('phone-link-state')).toHaveAttribute('data-state', 'connected');
    // Read once the frame has loaded (the page swaps in each new frame as it comes).
    const drawn = () =>
      frame.evaluate(async (img: HTMLImageElement) => {
        await img.decode().catch(() => undefined);
        const c = document.createElement('canvas');
        c.width = img.naturalWidth;
        c.height = img.naturalHeight;
        if (!c.width) return null;
        const g = c.getContext('2d')!;
        g.drawImage(img, 0, 0);
        const mid = [...g.getImageData(c.width / 2, c.height / 2, 1, 1).data].slice(0, 3);
        const top = [...g.getImageData(c.width / 2, 1, 1, 1).data].slice(0, 3);
        return { width: img.naturalWidth, height: img.naturalHeight, mid, top };
      });
    await expect
      .poll(drawn)
      .toEqual({ width: SCREEN.width, height: SCREEN.height, mid: [...device.tint], top: [34, 34, 34] });

    // A click a quarter across and three quarters down taps the device there, in its pixels.
    const box = (await view.getByTestId('phone-screen').boundingBox())!;
    const before = device.inputs.length;
    await view.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
    await expect.poll(() => device.inputs.slice(before).filter((i) => i.startsWith('input tap'))).toHaveLength(1);
    const [x, y] = device.inputs
      .slice(before)
      .find((i) => i.startsWith('input tap'))!
      .split(' ')
      .slice(2)
      .map(Number) as [number, number];
    // Within a device pixel or two of the spot (a CSS pixel is about two of the device's here).
    expect(Math.abs(x - SCREEN.width * 0.25)).toBeLessThanOrEqual(3);
    expect(Math.abs(y - SCREEN.height * 0.75)).toBeLessThanOrEqual(3);

    // A key button sends the phone's key.
    const beforeKey = device.inputs.length;
    await view.getByTestId('phone-key-home').click();
    await expect
      .poll(() => device.inputs.slice(beforeKey))
      .toContainEqual(expect.stringMatching(/keyevent (3|KEYCODE_HOME)/));

    // Close from the viewer: closed in the client and on the server.
    await view.getByTestId('phone-view-close').click();
    await expect.poll(async () => (await list())[0]?.state, { timeout: 15_000 }).toBe('off');
    await expect.poll(async () => (await client.call<number[]>('POST', '/phone/opened/ids')).data).toEqual([]);
    // The list's tab heard it: nothing is left to close.
    await expect(page.getByTestId('phone-close-all')).toBeDisabled();

    // Open again, then the list's "close all cloud phones" (§4): released on the server, none left in the client.
    const again = page.context().waitForEvent('page');
    await row.getByTestId('phone-open').click();
    await expect(await again).toHaveURL(new RegExp(`/phone-view/${env.id}$`), { timeout: 30_000 });
    await expect(page.getByTestId('phone-close-all')).toBeEnabled();
    await page.getByTestId('phone-close-all').click();
    await expect(page.getByText('Cloud phones closed: 1')).toBeVisible();
    await expect.poll(async () => (await list())[0]?.state, { timeout: 15_000 }).toBe('off');
    await expect.poll(async () => (await client.call<number[]>('POST', '/phone/opened/ids')).data).toEqual([]);
    await expect(row.getByTestId('phone-open')).toBeVisible();
  } finally {
    await client.stop();
  }
});

test("scrcpy mode: the phone's H.264 video decoded in the page, taps over its control socket, the clipboard both ways", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { env, list, client, view } = await openFromConsole(page, SCRCPY_REGION, {
    FACET_SCRCPY_SERVER: join(scrcpyDir, 'scrcpy-server'),
  });
  try {
    await expect(view.getByTestId('phone-mode')).toHaveAttribute('data-mode', 'scrcpy', { timeout: 30_000 });
    expect(scrcpyDevice.scrcpyRunning()).toHaveLength(1);
    // The screen is the decoded video at scrcpy's size (the client asks for 1280 on the longer side,
    // each side a multiple of 8), in the phone's colour.
    const video = view.getByTestId('phone-screen').locator('canvas[data-testid="phone-video"]');
    await expect(video).toBeVisible({ timeout: 30_000 });
    const drawn = () =>
      video.evaluate((v: HTMLCanvasElement) => {
        const c = document.createElement('canvas');
        c.width = v.width;
        c.height = v.height;
        if (!c.width) return null;
        const g = c.getContext('2d')!;
        g.drawImage(v, 0, 0);
        const mid = [...g.getImageData(c.width / 2, c.height / 2, 1, 1).data].slice(0, 3);
        return { width: c.width, height: c.height, mid };
      });
    await expect.poll(drawn, { timeout: 15_000 }).toMatchObject({ width: 600, height: 1280 });
    // H.264's colour conversion moves each channel by a few steps.
    const off = async () => {
      const mid = (await drawn())?.mid ?? [];
      return Math.max(...mid.map((c, i) => Math.abs(c - (scrcpyDevice.tint[i] as number))));
    };
    await expect.poll(off, { timeout: 15_000 }).toBeLessThanOrEqual(12);

    // A click taps over scrcpy's control socket, at the device's pixels.
    const box = (await view.getByTestId('phone-screen').boundingBox())!;
    const before = scrcpyDevice.inputs.length;
    await view.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
    await expect
      .poll(() => scrcpyDevice.inputs.slice(before).filter((i) => i.startsWith('scrcpy touch up')))
      .toHaveLength(1);
    const [x, y] = scrcpyDevice.inputs
      .slice(before)
      .find((i) => i.startsWith('scrcpy touch up'))!
      .split(' ')
      .slice(3)
      .map(Number) as [number, number];
    expect(Math.abs(x - SCREEN.width * 0.25)).toBeLessThanOrEqual(3);
    expect(Math.abs(y - SCREEN.height * 0.75)).toBeLessThanOrEqual(3);

    // Pasting on the screen sets the phone's clipboard and, with auto paste on, pastes it there.
    await view.getByTestId('phone-screen').focus();
    await view.getByTestId('phone-screen').evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'from the page');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => scrcpyDevice.clipboard).toBe('from the page');
    expect(scrcpyDevice.inputs.at(-1)).toBe('scrcpy clipboard from the page paste');

    // What the phone copies reaches the page: the copy button takes it.
    await expect(view.getByTestId('phone-copy-clipboard')).toBeDisabled();
    scrcpyDevice.copy('copied on the phone');
    await expect(view.getByTestId('phone-copy-clipboard')).toBeEnabled({ timeout: 10_000 });

    await view.getByTestId('phone-view-close').click();
    await expect.poll(async () => (await list())[0]?.state, { timeout: 15_000 }).toBe('off');
    await expect.poll(() => scrcpyDevice.scrcpyRunning()).toHaveLength(0);
    expect(env.id).toBeGreaterThan(0);
  } finally {
    await client.stop();
  }
});

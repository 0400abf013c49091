#!/usr/bin/env node
// bench/phones: a cloud phone through the client's local API (phone/input, phone/frame) against
// Debian's adb run directly on the same test phone in the same run:
//  1. input-to-device latency: POST /phone/input {tap} until the device has recorded it, against
//     `adb shell input tap x y` (alternating, p50/p95 of RUNS each);
//  2. frames per second in screencap mode: POST /phone/frame {after} in a loop for SECONDS, against
//     `adb exec-out screencap -p` in a loop for as long;
//  3. scrcpy mode on a second test phone that runs scrcpy's server protocol (60 frames a second,
//     576×1280 after scrcpy's max size): a tap over the control socket until the device recorded it,
//     frames a viewer of POST /phone/video receives per second, and the time from asking for the
//     video to the first whole picture (a key frame) — against the same adb commands on that phone.
// The client opens the phone as a user does: through a real server (in this process, on a port)
// that sells it, grants the client's key and relays its link to the device, so the relay's hop is
// in every figure of the client's side.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const ADB = process.env.ADB ?? '/usr/bin/adb';
if (!existsSync(ADB)) {
  console.log(`bench/phones: skipped, no adb at ${ADB} (set ADB)`);
  process.exit(0);
}
register();
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const load = (p) => import(pathToFileURL(join(root, p)).href);
const { settingsFromEnv, startClient } = await load('electron/src/services/client.ts');
const { startTestPhone } = await load('server/src/test/adb-device/index.ts');
const { createTestServer } = await load('server/src/test/harness.ts');

const RUNS = Number(process.env.RUNS ?? 40);
const SECONDS = Number(process.env.SECONDS ?? 5);
const KEY = 'fcl_bench-key-of-the-local-api';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const ms = (n) => `${n.toFixed(1)} ms`;

// ---- test phones, Debian's adb on them, the client linked through a real server -----------------
const phone = await startTestPhone({ screen: { width: 1080, height: 2400 } });
const serial = `${phone.host}:${phone.port}`;
const mirrored = await startTestPhone({ screen: { width: 1080, height: 2400 }, scrcpy: { fps: 60 } });
const mirroredSerial = `${mirrored.host}:${mirrored.port}`;
const adbHome = mkdtempSync(join(tmpdir(), 'facet-bench-adb-'));
const adbEnv = { PATH: process.env.PATH, HOME: adbHome, ANDROID_ADB_SERVER_PORT: String(await freePort()) };
const adb = (...args) =>
  new Promise((resolve, reject) =>
    execFile(ADB, args, { env: adbEnv, encoding: 'buffer', maxBuffer: 64 << 20, timeout: 30_000 }, (e, out) =>
      e ? reject(e) : resolve(out),
    ),
  );
await adb('start-server');
for (const s of [serial, mirroredSerial]) {
  await adb('connect', s);
  await adb('-s', s, 'shell', 'echo', 'ready');
}

const srv = await createTestServer();
const serverUrl = await srv.app.listen({ port: 0, host: '127.0.0.1' });
const must = (r, what) => {
  if (r.code !== 0) throw new Error(`${what}: ${r.message}`);
  return r.result;
};
const admin = await srv.adminToken();
const dataDir = mkdtempSync(join(tmpdir(), 'facet-bench-phones-'));
const serverFile = join(dataDir, 'scrcpy-server');
writeFileSync(serverFile, 'a scrcpy-server build for the test phone');

/** A user with an environment on the device, and a client of theirs with it open: the local API's post. */
async function openThroughClient(device, region, scrcpyServer) {
  must(
    await srv.call(
      'adminDeviceSave',
      { name: region, host: device.host, port: device.port, region, androidVersion: '13' },
      { token: admin },
    ),
    'adminDeviceSave',
  );
  const pkg = must(
    await srv.call(
      'adminPackageSave',
      { name: region, region, androidVersion: '13', days: 30, price: '0.00' },
      { token: admin },
    ),
    'adminPackageSave',
  );
  const user = await srv.register();
  must(await srv.call('phonePay', { packageId: pkg.id }, { token: user.token }), 'phonePay');
  await srv.services.phones.idle();
  const envId = must(await srv.call('phoneList', {}, { token: user.token }), 'phoneList').list[0].id;
  const client = await startClient(
    {
      ...settingsFromEnv({}),
      dataDir: join(dataDir, region),
      port: 0,
      chromePath: null,
      serverUrl,
      token: user.token,
      sid: user.sid,
      apiKey: KEY,
      consoleOrigins: [],
    },
    { load: async () => ({ cpu: 1, mem: 1 }), probeEngine: false, scrcpyServer },
  );
  const post = (path, body) =>
    fetch(`${client.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify(body),
    });
  const opened = await (await post('/phone/open', { id: envId })).json();
  if (!opened.success) throw new Error(`phone/open: ${opened.msg}`);
  if (opened.data.mode !== (scrcpyServer ? 'scrcpy' : 'screencap')) throw new Error(`opened in ${opened.data.mode}`);
  return { client, post, envId };
}
const { client, post, envId } = await openThroughClient(phone, 'bench', null);
const scrcpy = await openThroughClient(mirrored, 'benchscrcpy', serverFile);

// ---- 1. input latency ----------------------------------------------------------------------------
const viaClient = [];
const viaAdb = [];
for (let i = 0; i < RUNS; i++) {
  const x = 100 + (i % 50);
  let n = phone.inputs.length;
  let t = performance.now();
  const r = await post('/phone/input', { id: envId, input: { type: 'tap', x: x / 1080, y: 0.5 } });
  if (!(await r.json()).success || phone.inputs.length !== n + 1)
    throw new Error('phone/input did not reach the device');
  viaClient.push(performance.now() - t);
  n = phone.inputs.length;
  t = performance.now();
  await adb('-s', serial, 'shell', 'input', 'tap', String(x), '1200');
  if (phone.inputs.length !== n + 1) throw new Error('adb input did not reach the device');
  viaAdb.push(performance.now() - t);
}

// ---- 2. frames per second ------------------------------------------------------------------------
async function clientFps() {
  let seq = 0;
  let frames = 0;
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    const r = await post('/phone/frame', { id: envId, ...(seq ? { after: seq } : {}) });
    await r.arrayBuffer();
    const s = Number(r.headers.get('x-frame-seq'));
    if (s > seq) frames++;
    seq = s;
  }
  return frames / SECONDS;
}
async function adbFps(device) {
  let frames = 0;
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    const png = await adb('-s', device, 'exec-out', 'screencap', '-p');
    if (png[1] === 0x50) frames++;
  }
  return frames / SECONDS;
}
const fpsClient = await clientFps();
const fpsAdb = await adbFps(serial);

// ---- 3. scrcpy mode ----------------------------------------------------------------------------
const tapsScrcpy = [];
const tapsAdbMirrored = [];
const recorded = async (device, n, what) => {
  const end = performance.now() + 5000;
  while (device.inputs.length < n) {
    if (performance.now() > end) throw new Error(`${what} did not reach the device`);
    await new Promise((r) => setImmediate(r));
  }
};
for (let i = 0; i < RUNS; i++) {
  const x = 100 + (i % 50);
  let n = mirrored.inputs.length;
  let t = performance.now();
  const r = await scrcpy.post('/phone/input', { id: scrcpy.envId, input: { type: 'tap', x: x / 1080, y: 0.5 } });
  if (!(await r.json()).success) throw new Error('phone/input failed');
  // A tap is a touch down and a touch up: the tap has happened when the up arrived.
  await recorded(mirrored, n + 2, 'the scrcpy tap');
  tapsScrcpy.push(performance.now() - t);
  n = mirrored.inputs.length;
  t = performance.now();
  await adb('-s', mirroredSerial, 'shell', 'input', 'tap', String(x), '1200');
  await recorded(mirrored, n + 1, 'adb input');
  tapsAdbMirrored.push(performance.now() - t);
}

/** Watches phone/video for SECONDS: the time to the first key frame and the frames a second after it. */
function scrcpyVideo() {
  const u = new URL('/phone/video', scrcpy.client.url);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let firstKey = null;
    let frames = 0;
    let buf = Buffer.alloc(0);
    let at = 12;
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      },
      (res) => {
        res.on('data', (c) => {
          buf = Buffer.concat([buf, c]);
          while (at + 12 <= buf.length) {
            const flags = buf.readBigUInt64BE(at);
            const size = buf.readUInt32BE(at + 8);
            if (at + 12 + size > buf.length) break;
            if (flags !== 1n << 63n) {
              if (firstKey === null && flags & (1n << 62n)) firstKey = performance.now() - t0;
              else if (firstKey !== null) frames++;
            }
            at += 12 + size;
          }
          buf = buf.subarray(at);
          at = 0;
        });
      },
    );
    req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
    req.end(JSON.stringify({ id: scrcpy.envId }));
    setTimeout(() => {
      req.destroy();
      resolve({ firstKey, fps: frames / (SECONDS - (firstKey ?? 0) / 1000) });
    }, SECONDS * 1000);
  });
}
const video = await scrcpyVideo();
const fpsAdbMirrored = await adbFps(mirroredSerial);

console.log(`phone input (tap), ${RUNS} each:`);
console.log(
  `  local API phone/input  p50 ${ms(pct(viaClient, 50))}  p95 ${ms(pct(viaClient, 95))}` +
    `\n  adb shell input tap    p50 ${ms(pct(viaAdb, 50))}  p95 ${ms(pct(viaAdb, 95))}` +
    `\n  ratio p50 ${(pct(viaClient, 50) / pct(viaAdb, 50)).toFixed(2)}  p95 ${(pct(viaClient, 95) / pct(viaAdb, 95)).toFixed(2)}`,
);
console.log(`screen, screencap mode, ${SECONDS} s each (1080×2400):`);
console.log(
  `  local API phone/frame  ${fpsClient.toFixed(1)} fps\n  adb exec-out screencap ${fpsAdb.toFixed(1)} fps` +
    `\n  ratio ${(fpsClient / fpsAdb).toFixed(2)}`,
);

console.log(`scrcpy mode, ${RUNS} taps, ${SECONDS} s of video (the test phone sends 60 frames a second):`);
console.log(
  `  tap over scrcpy control p50 ${ms(pct(tapsScrcpy, 50))}  p95 ${ms(pct(tapsScrcpy, 95))}` +
    `\n  adb shell input tap     p50 ${ms(pct(tapsAdbMirrored, 50))}  p95 ${ms(pct(tapsAdbMirrored, 95))}` +
    `\n  ratio p50 ${(pct(tapsScrcpy, 50) / pct(tapsAdbMirrored, 50)).toFixed(2)}  p95 ${(pct(tapsScrcpy, 95) / pct(tapsAdbMirrored, 95)).toFixed(2)}` +
    `\n  phone/video            ${video.fps.toFixed(1)} fps, first picture after ${ms(video.firstKey ?? Number.NaN)}` +
    `\n  adb exec-out screencap ${fpsAdbMirrored.toFixed(1)} fps` +
    `\n  ratio ${(video.fps / fpsAdbMirrored).toFixed(2)}`,
);

await client.stop();
await scrcpy.client.stop();
await adb('kill-server').catch(() => undefined);
await phone.stop();
await mirrored.stop();
await srv.services.phones.idle();
await srv.close();
rmSync(dataDir, { recursive: true, force: true });
rmSync(adbHome, { recursive: true, force: true });

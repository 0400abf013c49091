#!/usr/bin/env node
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: flows write their variables as ${name} (docs/rpa.md, Variables)
// bench/rpa: the client's flow runner (electron/src/services/rpa) on a Chromium started by the
// client's launcher and reached over CDP through its DevTools relay, as a profile is:
//  1. per-step overhead: the same four steps (click, read a text, type, hover) run by runFlow and
//     written directly with Playwright on the same page, alternating, RUNS times each; p50/p95 per
//     step and the ratio (target ≤ 1.2);
//  2. runs per minute at concurrency 4: a five-step sign-in flow (the test site's) in 4 contexts of
//     the one browser for SECONDS.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const load = (p) => import(pathToFileURL(join(root, p)).href);
const { chromePath } = await load('electron/src/services/test/world.ts');
if (!chromePath) {
  console.log('bench/rpa: skipped, no Chrome or Chromium (set CHROME_PATH)');
  process.exit(0);
}
const { runFlow } = await load('electron/src/services/rpa/run.ts');
const { cdpBrowser } = await load('electron/src/services/rpa/test/browser.ts');
const { startRpaSite } = await load('electron/src/services/rpa/test/site.ts');

const RUNS = Number(process.env.RUNS ?? 150);
const SECONDS = Number(process.env.SECONDS ?? 20);
const CONCURRENCY = 4;
const STEPS = 4;
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const ms = (n) => `${n.toFixed(2)} ms`;

const b = await cdpBrowser();
const site = await startRpaSite();
const page = b.context.pages()[0] ?? (await b.context.newPage());
await page.setContent(
  '<button id="inc" onclick="c.textContent = +c.textContent + 1">+</button><span id="c">0</span><input id="q">',
);

// ---- 1. per-step overhead ------------------------------------------------------------------------
const flow = {
  version: 1,
  steps: [
    { type: 'click', selector: '#inc' },
    { type: 'extract', what: 'text', selector: '#c', variable: 'count' },
    { type: 'type', selector: '#q', text: '${word}' },
    { type: 'hover', selector: '#inc' },
  ],
};
const direct = async () => {
  await page.locator('#inc').first().click({ timeout: 30_000 });
  await page.locator('#c').first().innerText({ timeout: 30_000 });
  await page.locator('#q').first().pressSequentially('ab', { timeout: 30_000 });
  await page.locator('#inc').first().hover({ timeout: 30_000 });
};
const viaRunner = async () => {
  const r = await runFlow({ flow, context: b.context, variables: { word: 'ab' } });
  if (r.status !== 'done') throw new Error(`runFlow: ${r.error?.message}`);
};
const timed = async (fn) => {
  const t = performance.now();
  await fn();
  return (performance.now() - t) / STEPS;
};
for (let i = 0; i < 10; i++) {
  await direct();
  await viaRunner();
}
const perStepDirect = [];
const perStepRunner = [];
for (let i = 0; i < RUNS; i++) {
  await page.fill('#q', '');
  if (i % 2) {
    perStepDirect.push(await timed(direct));
    perStepRunner.push(await timed(viaRunner));
  } else {
    perStepRunner.push(await timed(viaRunner));
    perStepDirect.push(await timed(direct));
  }
}

// ---- 2. runs per minute at concurrency 4 ---------------------------------------------------------
const signIn = {
  version: 1,
  steps: [
    { type: 'goto', url: '${base}/login' },
    { type: 'type', selector: '#user', text: 'ann' },
    { type: 'type', selector: '#password', text: 'secret' },
    { type: 'click', selector: '#go' },
    { type: 'wait', selector: '#name' },
  ],
};
const contexts = await Promise.all(Array.from({ length: CONCURRENCY }, () => b.browser.newContext()));
let runs = 0;
let failed = 0;
const end = performance.now() + SECONDS * 1000;
const started = performance.now();
await Promise.all(
  contexts.map(async (context) => {
    while (performance.now() < end) {
      await context.clearCookies();
      const r = await runFlow({ flow: signIn, context, variables: { base: site.url } });
      if (r.status === 'done') runs++;
      else failed++;
    }
  }),
);
const elapsedMin = (performance.now() - started) / 60_000;

console.log(`per step (click, extract text, type 2 keys, hover), ${RUNS} runs each, alternating:`);
console.log(
  `  runFlow             p50 ${ms(pct(perStepRunner, 50))}  p95 ${ms(pct(perStepRunner, 95))}` +
    `\n  Playwright directly p50 ${ms(pct(perStepDirect, 50))}  p95 ${ms(pct(perStepDirect, 95))}` +
    `\n  ratio p50 ${(pct(perStepRunner, 50) / pct(perStepDirect, 50)).toFixed(2)}  p95 ${(pct(perStepRunner, 95) / pct(perStepDirect, 95)).toFixed(2)} (target ≤ 1.2)`,
);
console.log(
  `runs of a five-step sign-in flow at concurrency ${CONCURRENCY} (one Chromium, ${CONCURRENCY} contexts), ${SECONDS} s:` +
    `\n  ${(runs / elapsedMin).toFixed(0)} runs/min (${runs} done, ${failed} failed)`,
);

await Promise.all(contexts.map((c) => c.close()));
await site.close();
await b.close();

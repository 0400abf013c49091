import type { Step } from '@facet/shared';
import type { Page } from 'playwright-core';
import { fileIn } from './files.js';
import type { RunState } from './types.js';
import { sleep } from './wait.js';

/** Step results that go into the log's `data`. */
export type StepData = Record<string, unknown> | undefined;
type Of<T extends Step['type']> = Extract<Step, { type: T }>;
export type Handler<T extends Step['type']> = (s: Of<T>, st: RunState, timeout: number) => Promise<unknown>;

const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

async function use(st: RunState, page: Page) {
  st.page = page;
  await page.bringToFront().catch(() => {});
}

/** Tabs, navigation and input (docs/rpa.md, Steps). */
export const browserSteps: { [T in Step['type']]?: Handler<T> } = {
  newTab: async (s, st, timeout) => {
    const page = await st.context.newPage();
    await use(st, page);
    if (s.url) await page.goto(s.url, { timeout });
  },
  closeTab: async (_s, st) => {
    await st.page.close();
    const left = st.context.pages();
    await use(st, left.at(-1) ?? (await st.context.newPage()));
  },
  switchTab: async (s, st) => {
    const pages = st.context.pages();
    const page = s.urlContains ? pages.find((p) => p.url().includes(s.urlContains as string)) : pages[s.index ?? 0];
    if (!page) throw new Error(`no tab ${s.urlContains ? `with "${s.urlContains}" in its URL` : `at ${s.index ?? 0}`}`);
    await use(st, page);
    return { url: page.url() };
  },
  goto: async (s, st, timeout) => {
    const r = await st.page.goto(s.url, { timeout, waitUntil: s.waitUntil ?? 'load' });
    return { url: st.page.url(), status: r?.status() ?? null };
  },
  reload: async (s, st, timeout) => void (await st.page.reload({ timeout, waitUntil: s.waitUntil ?? 'load' })),
  back: async (s, st, timeout) => void (await st.page.goBack({ timeout, waitUntil: s.waitUntil ?? 'load' })),
  click: async (s, st, timeout) =>
    st.page
      .locator(s.selector)
      .first()
      .click({ timeout, button: s.button ?? 'left', clickCount: s.clickCount ?? 1 }),
  hover: async (s, st, timeout) => st.page.locator(s.selector).first().hover({ timeout }),
  type: async (s, st, timeout) => {
    const field = st.page.locator(s.selector).first();
    if (s.clear) await field.fill('', { timeout });
    const min = s.delayMinMs ?? 0;
    const max = Math.max(min, s.delayMaxMs ?? min);
    if (max === 0) return field.pressSequentially(s.text, { timeout });
    await field.focus({ timeout });
    // One key at a time, each after its own random pause: a person's rhythm, not a fixed beat.
    for (const ch of s.text) {
      await st.page.keyboard.type(ch);
      await sleep(between(min, max), st.signal);
    }
  },
  select: async (s, st, timeout) => {
    const chosen = await st.page.locator(s.selector).first().selectOption(s.value, { timeout });
    return { selected: chosen };
  },
  uploadFile: async (s, st, timeout) =>
    st.page
      .locator(s.selector)
      .first()
      .setInputFiles(await fileIn(st.filesDir, s.path), { timeout }),
  scroll: async (s, st, timeout) => {
    if (s.selector) return st.page.locator(s.selector).first().scrollIntoViewIfNeeded({ timeout });
    const times = s.times ?? 1;
    for (let i = 0; i < times; i++) {
      await st.page.mouse.wheel(0, Math.round((s.y ?? 600) / times));
      if (i < times - 1) await sleep(between(60, 160), st.signal);
    }
  },
  keys: async (s, st, timeout) =>
    s.selector ? st.page.locator(s.selector).first().press(s.keys, { timeout }) : st.page.keyboard.press(s.keys),
  screenshot: async (s, st, timeout) => {
    const path = await fileIn(st.filesDir, s.path);
    await st.page.screenshot({ path, timeout, fullPage: s.fullPage ?? false });
    return { path: s.path };
  },
  runJs: async (s, st) => {
    const value = await st.page.evaluate(`(async () => { ${s.code}\n})()`);
    const v = value === undefined ? null : typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
    if (s.variable) st.vars[s.variable] = v as string | number | boolean | null;
    return { value: v };
  },
};

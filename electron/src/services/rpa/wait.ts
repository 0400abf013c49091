import type { Step } from '@facet/shared';
import { Cancelled, type RunState } from './types.js';

/** Waits `ms`, or rejects with Cancelled as soon as `signal` fires. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new Cancelled());
  return new Promise((resolve, reject) => {
    const done = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(new Cancelled());
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * wait: a fixed or random time, an element, or a request. A request counts if the context made
 * it since the step before this one began, so "click, then wait for its request" does not miss a
 * quick answer.
 */
export async function waitStep(s: Extract<Step, { type: 'wait' }>, st: RunState, timeout: number) {
  if (s.selector) {
    await st.page
      .locator(s.selector)
      .first()
      .waitFor({ state: s.state ?? 'visible', timeout });
    return { selector: s.selector };
  }
  if (s.urlContains) {
    const want = s.urlContains;
    const seen = st.recentRequests.find((u) => u.includes(want));
    if (seen) return { url: seen };
    const r = await st.context.waitForEvent('request', { predicate: (q) => q.url().includes(want), timeout });
    return { url: r.url() };
  }
  const ms =
    s.maxMs === undefined ? (s.ms ?? 0) : (s.ms ?? 0) + Math.floor(Math.random() * (s.maxMs - (s.ms ?? 0) + 1));
  await sleep(ms, st.signal);
  return { ms };
}

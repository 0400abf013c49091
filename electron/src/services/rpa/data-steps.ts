import { type Cookie, parseCookies, type RpaRow, type Step } from '@facet/shared';
import { generateSync } from 'otplib';
import type { APIRequestContext } from 'playwright-core';
import type { Handler } from './browser-steps.js';
import { fileIn, readTable, rowsOf, writeTable } from './files.js';
import { playwright } from './playwright.js';
import type { RunState } from './types.js';

const MAX_HTTP_BODY = 1024 * 1024;
const SAME_SITE: Record<string, 'Strict' | 'Lax' | 'None'> = {
  strict: 'Strict',
  lax: 'Lax',
  none: 'None',
  no_restriction: 'None',
};

const toPlaywright = (c: Cookie) => ({
  name: c.name,
  value: c.value,
  domain: c.domain,
  path: c.path || '/',
  expires: c.expirationDate && !c.session ? c.expirationDate : -1,
  secure: c.secure,
  httpOnly: c.httpOnly,
  ...(c.sameSite && SAME_SITE[c.sameSite.toLowerCase()] ? { sameSite: SAME_SITE[c.sameSite.toLowerCase()] } : {}),
});

/**
 * An HTTP client with the profile's cookies. Through the profile's proxy when the run has it (a
 * request client of its own, its cookies given back to the profile after), else the context's own.
 */
async function httpClient(st: RunState): Promise<{ api: APIRequestContext; done: () => Promise<void> }> {
  if (!st.httpProxy) return { api: st.context.request, done: async () => {} };
  const p = new URL(st.httpProxy);
  const api = await (await playwright()).request.newContext({
    proxy: {
      server: `${p.protocol}//${p.host}`,
      ...(p.username ? { username: decodeURIComponent(p.username), password: decodeURIComponent(p.password) } : {}),
    },
    storageState: { cookies: await st.context.cookies(), origins: [] },
  });
  return {
    api,
    done: async () => {
      await st.context.addCookies((await api.storageState()).cookies);
      await api.dispose();
    },
  };
}

/** Variables, files, codes, HTTP, cookies, other flows and the profile (docs/rpa.md, Steps). */
export const dataSteps: { [T in Step['type']]?: Handler<T> } = {
  extract: async (s, st, timeout) => {
    let value: string | null;
    if (s.what === 'url') value = st.page.url();
    else {
      if (!s.selector) throw new Error('extract needs a selector for text or an attribute');
      const el = st.page.locator(s.selector).first();
      value =
        s.what === 'text' ? await el.innerText({ timeout }) : await el.getAttribute(s.attribute ?? 'href', { timeout });
    }
    st.vars[s.variable] = value;
    st.extracted[s.variable] = value;
    return { variable: s.variable, value };
  },
  setVariable: async (s, st) => {
    st.vars[s.name] = s.value;
    return { variable: s.name, value: s.value };
  },
  regexExtract: async (s, st) => {
    const m = new RegExp(s.pattern, s.flags ?? '').exec(s.source);
    const value = m ? (m[s.group ?? 0] ?? null) : null;
    st.vars[s.variable] = value;
    st.extracted[s.variable] = value;
    return { variable: s.variable, value };
  },
  readInput: async (s, st) => {
    const rows = await readTable(await fileIn(st.filesDir, s.path));
    st.vars[s.variable] = rows;
    return { variable: s.variable, rows: rows.length };
  },
  saveData: async (s, st) => {
    const file = await fileIn(st.filesDir, s.path);
    const rows: RpaRow[] = s.variable
      ? rowsOf(s.variable, st.vars[s.variable])
      : [Object.fromEntries((s.columns ?? []).map((c) => [c, cellOf(st.vars[c])]))];
    return { path: s.path, rows: await writeTable(file, rows, !s.variable) };
  },
  totp: async (s, st) => {
    st.vars[s.variable] = generateSync({ secret: s.secret.replace(/\s+/g, '').toUpperCase() });
    return { variable: s.variable };
  },
  httpRequest: async (s, st, timeout) => {
    const url = new URL(s.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${url.protocol} requests are not made`);
    const client = await httpClient(st);
    try {
      const r = await client.api.fetch(url.href, {
        method: s.method,
        headers: Object.fromEntries((s.headers ?? []).map((h) => [h.name, h.value])),
        ...(s.body === undefined ? {} : { data: s.body }),
        timeout,
        failOnStatusCode: false,
      });
      const body = (await r.body()).subarray(0, MAX_HTTP_BODY).toString('utf8');
      st.vars[s.variable] = body;
      st.vars[`${s.variable}_status`] = r.status();
      return { status: r.status(), bytes: body.length };
    } finally {
      await client.done();
    }
  },
  getCookies: async (s, st) => {
    const cookies = (await st.context.cookies(s.url ? [s.url] : undefined)).map((c) => ({
      name: c.name,
      value: c.value,
      domain: c.domain,
      path: c.path,
      ...(c.expires > 0 ? { expirationDate: c.expires } : { session: true }),
      secure: c.secure,
      httpOnly: c.httpOnly,
      sameSite: c.sameSite.toLowerCase(),
    }));
    st.vars[s.variable] = JSON.stringify(cookies);
    return { variable: s.variable, count: cookies.length };
  },
  setCookies: async (s, st) => {
    const cookies = parseCookies(s.cookies).map(toPlaywright);
    await st.context.addCookies(cookies);
    return { count: cookies.length };
  },
  updateProfile: async (s, st) => {
    if (!st.hooks.updateProfile) throw new Error('this run cannot change the profile');
    const patch = { ...(s.remark === undefined ? {} : { remark: s.remark }), ...(s.tags ? { tags: s.tags } : {}) };
    await st.hooks.updateProfile(patch);
    return patch;
  },
};

const cellOf = (v: unknown) =>
  v === undefined
    ? null
    : typeof v === 'object' && v !== null
      ? JSON.stringify(v)
      : (v as string | number | boolean | null);

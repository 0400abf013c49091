// biome-ignore-all lint/suspicious/noTemplateCurlyInString: flows write their variables as ${name} (docs/rpa.md, Variables)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cookieRobotFlow, type Flow, type Step } from '@facet/shared';
import ExcelJS from 'exceljs';
import { generateSecret, verifySync } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noChrome, startTestProxy, tempDir } from '../test/world.js';
import { readTable } from './files.js';
import { runFlow } from './run.js';
import { cdpBrowser } from './test/browser.js';
import { startRpaSite } from './test/site.js';
import type { RunOptions } from './types.js';

describe.skipIf(noChrome)('runFlow on a real Chromium over CDP', () => {
  let b: Awaited<ReturnType<typeof cdpBrowser>>;
  let site: Awaited<ReturnType<typeof startRpaSite>>;
  const files = tempDir('facet-rpa-files-');
  const flow = (...steps: Step[]): Flow => ({ version: 1, steps });
  const run = (f: Flow, o: Partial<RunOptions> = {}) =>
    runFlow({ flow: f, context: b.context, filesDir: files.dir, variables: { base: site.url }, ...o });

  beforeAll(async () => {
    [b, site] = await Promise.all([cdpBrowser(), startRpaSite()]);
  });
  afterAll(async () => {
    await b?.close();
    await site?.close();
    files.remove();
  });
  afterEach(async () => {
    await b.context.clearCookies();
  });

  it('signs in, fills the form from each profile’s xlsx row, extracts the answer and saves the results to xlsx', async () => {
    const input = new ExcelJS.Workbook();
    const sheet = input.addWorksheet('people');
    sheet.addRows([
      ['name', 'city'],
      ['Ann', 'Oslo'],
      ['Bob', 'Rome'],
    ]);
    await input.xlsx.writeFile(join(files.dir, 'people.xlsx'));
    const rows = await readTable(join(files.dir, 'people.xlsx'));
    const signInAndFill = flow(
      { type: 'goto', url: '${base}/login' },
      { type: 'type', selector: '#user', text: 'ann', delayMinMs: 5, delayMaxMs: 25 },
      { type: 'type', selector: '#password', text: 'secret' },
      { type: 'click', selector: '#go' },
      { type: 'wait', selector: '#name' },
      { type: 'type', selector: '#name', text: '${name}' },
      { type: 'select', selector: '#city', value: '${city}' },
      { type: 'click', selector: '#save' },
      { type: 'extract', what: 'text', selector: '#result', variable: 'result' },
      { type: 'extract', what: 'text', selector: '#ref', variable: 'ref' },
      { type: 'saveData', path: 'out/results.xlsx', columns: ['name', 'result', 'ref'] },
    );
    // Two profiles, each with its own row (the context's cookies cleared between, as another profile has none).
    for (const row of rows) {
      const r = await run(signInAndFill, { row });
      expect(r.status, JSON.stringify(r.error)).toBe('done');
      expect(r.extracted.result).toBe(`Saved ${row.name} from ${row.city}`);
      await b.context.clearCookies();
    }
    expect(site.posted).toEqual([
      { name: 'Ann', city: 'Oslo' },
      { name: 'Bob', city: 'Rome' },
    ]);
    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(join(files.dir, 'out/results.xlsx'));
    const values = out.worksheets[0]
      ?.getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(values).toEqual([
      ['name', 'result', 'ref'],
      ['Ann', 'Saved Ann from Oslo', 'REF-100'],
      ['Bob', 'Saved Bob from Rome', 'REF-200'],
    ]);
  });

  it('if takes the then branch or the else branch by an element or a compared variable', async () => {
    const f = flow(
      { type: 'goto', url: '${base}/list' },
      {
        type: 'if',
        condition: { kind: 'elementExists', selector: '${sel}' },
        thenSteps: [{ type: 'setVariable', name: 'seen', value: 'yes' }],
        elseSteps: [{ type: 'setVariable', name: 'seen', value: 'no' }],
      },
      {
        type: 'if',
        condition: { kind: 'compare', variable: 'n', op: 'gt', value: '9' },
        thenSteps: [{ type: 'setVariable', name: 'big', value: 'big' }],
        elseSteps: [{ type: 'setVariable', name: 'big', value: 'small' }],
      },
    );
    const yes = await run(f, { variables: { base: site.url, sel: '.item', n: 10 } });
    expect([yes.variables.seen, yes.variables.big]).toEqual(['yes', 'big']);
    expect(yes.logs.map((l) => l.path)).toEqual(['0', '1.then.0', '1', '2.then.0', '2']);
    const no = await run(f, { variables: { base: site.url, sel: '#none', n: '9' } });
    expect([no.variables.seen, no.variables.big]).toEqual(['no', 'small']);
    expect(no.logs.find((l) => l.path === '1')?.data).toEqual({ branch: 'else' });
  });

  it('repeat, forEach, forEachRow and while with break loop as written, variables interpolated in each', async () => {
    writeFileSync(join(files.dir, 'codes.csv'), 'code,qty\r\nA1,2\r\nB2,5\r\n');
    const r = await run(
      flow(
        { type: 'goto', url: '${base}/list' },
        { type: 'setVariable', name: 'acc', value: '' },
        {
          type: 'repeat',
          times: 3,
          indexVariable: 'i',
          steps: [{ type: 'setVariable', name: 'acc', value: '${acc}${i}' }],
        },
        { type: 'setVariable', name: 'items', value: '' },
        {
          type: 'forEach',
          selector: '.item',
          itemVariable: 'item',
          steps: [{ type: 'setVariable', name: 'items', value: '${items}[${item}]' }],
        },
        { type: 'readInput', path: 'codes.csv', variable: 'codes' },
        { type: 'setVariable', name: 'rows', value: '' },
        {
          type: 'forEachRow',
          table: 'codes',
          steps: [{ type: 'setVariable', name: 'rows', value: '${rows}${code}x${qty};' }],
        },
        { type: 'setVariable', name: 'n', value: '0' },
        {
          type: 'while',
          condition: { kind: 'compare', variable: 'n', op: 'lt', value: '100' },
          maxIterations: 50,
          steps: [
            { type: 'runJs', code: 'return ${n} + 1', variable: 'n' },
            {
              type: 'if',
              condition: { kind: 'compare', variable: 'n', op: 'eq', value: '4' },
              thenSteps: [{ type: 'break' }],
            },
          ],
        },
        { type: 'type', selector: '#q', text: '${acc}|${items}' },
        { type: 'extract', what: 'attribute', selector: 'a, #q', attribute: 'id', variable: 'qid' },
        { type: 'runJs', code: 'return document.querySelector("#q").value', variable: 'typed' },
        { type: 'regexExtract', source: '${rows}', pattern: 'B2x(\\d+)', group: 1, variable: 'bqty' },
      ),
    );
    expect(r.status, JSON.stringify(r.error)).toBe('done');
    expect(r.variables.acc).toBe('012');
    expect(r.variables.items).toBe('[alpha][beta][gamma]');
    expect(r.variables.rows).toBe('A1x2;B2x5;');
    expect(r.variables.n).toBe(4);
    expect(r.logs.find((l) => l.path === '9')?.data).toEqual({ iterations: 4, broke: true });
    expect(r.variables.typed).toBe('012|[alpha][beta][gamma]');
    expect(r.extracted).toEqual({ qid: 'q', bqty: '5' });
  });

  it('a while stops at its bound; readInput refuses a path outside the files folder', async () => {
    const r = await run(
      flow({
        type: 'while',
        condition: { kind: 'compare', variable: 'x', op: 'empty' },
        maxIterations: 3,
        steps: [{ type: 'setVariable', name: 'y', value: '${y}.' }],
      }),
      { variables: { x: '', y: '' } },
    );
    expect([r.status, r.variables.y, r.logs.at(-1)?.data]).toEqual([
      'done',
      '...',
      { iterations: 3, stoppedAtMax: true },
    ]);
    const out = await run(flow({ type: 'readInput', path: '../../etc/passwd.csv', variable: 't' }));
    expect(out.status).toBe('failed');
    expect(out.error?.message).toContain('outside the files folder');
  });

  it('waits for a request the page makes after a click, and fails a wait nothing answers', async () => {
    const r = await run(
      flow(
        { type: 'goto', url: '${base}/list' },
        { type: 'click', selector: '#ping' },
        { type: 'wait', urlContains: '/api/ping', timeoutMs: 10_000 },
      ),
    );
    expect(r.status, JSON.stringify(r.error)).toBe('done');
    expect(r.logs[2]?.data).toEqual({ url: `${site.url}/api/ping?x=1` });
    const never = await run(flow({ type: 'wait', urlContains: '/api/never', timeoutMs: 500 }));
    expect(never.status).toBe('failed');
  });

  it('totp gives the code otplib accepts for the secret', async () => {
    const secret = generateSecret();
    const r = await run(flow({ type: 'totp', secret: '${s}', variable: 'code' }), { variables: { s: secret } });
    expect(r.variables.code).toMatch(/^\d{6}$/);
    expect(verifySync({ secret, token: String(r.variables.code) }).valid).toBe(true);
  });

  it('httpRequest reaches the test server with headers, body and the profile’s cookies; cookies set and read back', async () => {
    const cookies = JSON.stringify([
      { name: 'session', value: 'ok', domain: '127.0.0.1', path: '/', secure: false, httpOnly: true, sameSite: 'lax' },
    ]);
    const r = await run(
      flow(
        { type: 'setCookies', cookies: '${jar}' },
        { type: 'getCookies', url: '${base}', variable: 'got' },
        {
          type: 'httpRequest',
          method: 'POST',
          url: '${base}/api/echo',
          headers: [{ name: 'authorization', value: 'Bearer ${token}' }],
          body: 'hello ${token}',
          variable: 'answer',
        },
        { type: 'goto', url: '${base}/form' },
        { type: 'extract', what: 'url', variable: 'where' },
      ),
      { variables: { base: site.url, jar: cookies, token: 't0k' } },
    );
    expect(r.status, JSON.stringify(r.error)).toBe('done');
    expect(JSON.parse(String(r.variables.got))).toEqual([
      expect.objectContaining({ name: 'session', value: 'ok', httpOnly: true }),
    ]);
    expect(r.variables.answer_status).toBe(201);
    expect(JSON.parse(String(r.variables.answer))).toEqual({
      method: 'POST',
      body: 'hello t0k',
      auth: 'Bearer t0k',
      cookie: 'session=ok',
    });
    // The cookie signed the page in: /form did not send it back to /login.
    expect(r.variables.where).toBe(`${site.url}/form`);
  });

  it('httpRequest leaves through the profile’s proxy when the run has one, and its cookies come back to the profile', async () => {
    const proxy = await startTestProxy('pu', 'pp');
    try {
      const r = await run(
        flow(
          {
            type: 'setCookies',
            cookies: '[{"name":"a","value":"1","domain":"127.0.0.1","path":"/","secure":false,"httpOnly":false}]',
          },
          {
            type: 'httpRequest',
            method: 'POST',
            url: '${base}/login',
            body: 'user=ann&password=secret',
            headers: [{ name: 'content-type', value: 'application/x-www-form-urlencoded' }],
            variable: 'page',
          },
        ),
        { httpProxy: `http://pu:pp@127.0.0.1:${proxy.port}` },
      );
      expect(r.status, JSON.stringify(r.error)).toBe('done');
      expect(proxy.seen.some((u) => u.includes(new URL(site.url).host))).toBe(true);
      // The sign-in answered a session cookie and a redirect to /form: the form came back, signed in.
      expect(String(r.variables.page)).toContain('id="save"');
      expect((await b.context.cookies(site.url)).map((c) => c.name).sort()).toEqual(['a', 'session']);
    } finally {
      await proxy.close();
    }
  });

  it('callFlow runs the flow the caller resolves; updateProfile goes to the caller', async () => {
    const patches: unknown[] = [];
    const called: number[] = [];
    const r = await run(flow({ type: 'setVariable', name: 'who', value: 'Ann' }, { type: 'callFlow', flowId: 7 }), {
      hooks: {
        callFlow: async (id) => {
          called.push(id);
          return flow(
            { type: 'updateProfile', remark: 'warmed by ${who}', tags: ['rpa'] },
            { type: 'setVariable', name: 'inner', value: 'ran' },
          );
        },
        updateProfile: async (p) => {
          patches.push(p);
        },
      },
    });
    expect(r.status, JSON.stringify(r.error)).toBe('done');
    expect(called).toEqual([7]);
    expect(patches).toEqual([{ remark: 'warmed by Ann', tags: ['rpa'] }]);
    expect(r.logs.map((l) => l.path)).toEqual(['0', '1.call.0', '1.call.1', '1']);
    // A flow that calls itself stops at the call depth bound, failed.
    const loop = await run(flow({ type: 'callFlow', flowId: 1 }), {
      hooks: { callFlow: async () => flow({ type: 'callFlow', flowId: 1 }) },
    });
    expect(loop.status).toBe('failed');
  });

  it('the cookie robot visits each site, scrolls, clicks a same-site link and dwells', async () => {
    const f = cookieRobotFlow({
      sites: [site.url, `${site.url}/list`],
      dwellMs: { min: 200, max: 400 },
      scrolls: 2,
      clicks: 1,
    });
    const started = Date.now();
    const r = await run(f);
    expect(r.status, JSON.stringify(r.error)).toBe('done');
    const gotos = r.logs.filter((l) => l.type === 'goto').map((l) => l.data?.url);
    expect(gotos).toEqual([`${site.url}/`, `${site.url}/list`]);
    // The home page's one link was clicked (the list page has none of its own site).
    expect(r.logs.filter((l) => l.type === 'runJs').map((l) => l.data?.value)).toEqual([true, false]);
    expect(r.logs.filter((l) => l.type === 'scroll')).toHaveLength(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('stops a run when its signal fires, mid-wait', async () => {
    const ac = new AbortController();
    const seen: string[] = [];
    const started = Date.now();
    setTimeout(() => ac.abort(), 300);
    const r = await run(
      flow(
        { type: 'setVariable', name: 'a', value: '1' },
        { type: 'wait', ms: 20_000 },
        { type: 'setVariable', name: 'b', value: '2' },
      ),
      {
        signal: ac.signal,
        hooks: { onStep: (l) => seen.push(`${l.path}:${l.status}`) },
      },
    );
    expect(r.status).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(seen).toEqual(['0:ok', '1:failed']);
    expect(r.variables.b).toBeUndefined();
  });

  it('a failing step fails the run with that step’s log, where it was and a PNG of the tab', async () => {
    const r = await run(
      flow(
        { type: 'goto', url: '${base}/list' },
        { type: 'repeat', times: 1, steps: [{ type: 'click', selector: '#missing', timeoutMs: 500 }] },
        { type: 'setVariable', name: 'after', value: 'x' },
      ),
    );
    expect(r.status).toBe('failed');
    expect(r.error).toMatchObject({ path: '1.steps.0', type: 'click' });
    expect(r.error?.message).toMatch(/^step 1\.steps\.0 \(click\): /);
    const failed = r.logs.find((l) => l.path === '1.steps.0');
    expect(failed).toMatchObject({ status: 'failed', type: 'click' });
    expect(failed?.message).toBeTruthy();
    expect(r.logs.at(-1)).toMatchObject({ path: '1', status: 'failed' });
    expect(r.variables.after).toBeUndefined();
    expect(r.screenshot?.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  });
});

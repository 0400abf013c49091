import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChromeFlags } from './chrome-flags.js';
import type { FacetClient } from './client.js';
import { GL, type GlName, webglProfile } from './fingerprint/webgl-families.js';
import { killTree, launchChrome } from './launcher.js';
import { windowsFingerprint } from './test/fixtures.js';
import { chromePath, noChrome, rawCdp, startFacetServer, startTestClient, tempDir } from './test/world.js';

/**
 * WebGL capabilities follow the claimed GPU (overrides.ts, webglProfile): a Facet profile
 * claiming an RTX 3060 on Direct3D 11 shows that family's limits, extensions and strings in
 * the page and in a worker's OffscreenCanvas, each only as far as the engine really goes; a
 * bare Chromium with the same flags shows the engine's own (SwiftShader here), so the
 * comparison can fail.
 */

/** Every extension name either family lists: asked of getExtension, beyond what is listed. */
const KNOWN_EXTENSIONS = [
  ...new Set(
    [
      webglProfile('Google Inc. (NVIDIA)', 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)')!,
      webglProfile('Google Inc. (Apple)', 'ANGLE (Apple, ANGLE Metal Renderer: Apple M1, Unspecified Version)')!,
    ].flatMap((p) => [...(p.extensions ?? []), ...(p.extensions2 ?? [])]),
  ),
];

/** The same probe in the page (a canvas) and in a worker (an OffscreenCanvas). */
const PROBE = `(() => {
  const NAMES = ${JSON.stringify(GL)};
  const canvas = () => (self.document ? document.createElement('canvas') : new OffscreenCanvas(1, 1));
  const read = (type) => {
    const gl = canvas().getContext(type);
    const I = type === 'webgl2' ? WebGL2RenderingContext : WebGLRenderingContext;
    const aniso = gl.getExtension('EXT_texture_filter_anisotropic');
    // WebGL 1 reads MAX_DRAW_BUFFERS / MAX_COLOR_ATTACHMENTS through WEBGL_draw_buffers.
    if (type === 'webgl') gl.getExtension('WEBGL_draw_buffers');
    const params = {};
    for (const [name, p] of Object.entries(NAMES)) {
      const v = gl.getParameter(p);
      if (!ArrayBuffer.isView(v)) { params[name] = v; continue; }
      const values = Array.from(v);
      // A new array at every call: writing to one changes no later answer.
      v[0] = -1;
      const again = gl.getParameter(p);
      params[name] = { cls: v.constructor.name, own: v instanceof self[v.constructor.name], values, fresh: again !== v && again[0] === values[0] };
    }
    // The enum table matches the browser's own constants (WebGL 2's, and the extension's).
    const enums = Object.entries(NAMES).filter(([n, p]) => (n in WebGL2RenderingContext ? WebGL2RenderingContext[n] : aniso[n]) !== p).map(([n]) => n);
    const debug = gl.getExtension('WEBGL_debug_renderer_info');
    const strings = [debug.UNMASKED_VENDOR_WEBGL, debug.UNMASKED_RENDERER_WEBGL, gl.VERSION, gl.SHADING_LANGUAGE_VERSION].map((p) => gl.getParameter(p));
    const listed = gl.getSupportedExtensions();
    const fresh = listed !== gl.getSupportedExtensions();
    // Asked last: what getExtension enables, of every name listed or known, is what is listed.
    const enabled = [...new Set([...listed, ...${JSON.stringify(KNOWN_EXTENSIONS)}])].filter((n) => gl.getExtension(n) !== null).sort();
    const ts = self.__ts || Function.prototype.toString;
    const members = ['getParameter', 'getSupportedExtensions', 'getExtension'].map((k) => {
      const d = Object.getOwnPropertyDescriptor(I.prototype, k);
      let foreign;
      try { d.value.call({}, 0x0d33); foreign = 'no error'; } catch (e) { foreign = e.constructor.name + ': ' + e.message; }
      return [k, ts.call(d.value), d.value.name, d.value.length, d.writable, d.enumerable, d.configurable, foreign];
    });
    return { params, enums, strings, extensions: listed, fresh, enabled, members,
      attributes: gl.getContextAttributes(), precision: [gl.getShaderPrecisionFormat(gl.FRAGMENT_SHADER, gl.MEDIUM_FLOAT).precision] };
  };
  return { webgl: read('webgl'), webgl2: read('webgl2') };
})()`;

const PAGE = `<!doctype html><title>webgl</title><body><script>
  // Function.prototype.toString of a fresh frame, as a detector takes it.
  const f = document.createElement('iframe');
  document.body.appendChild(f);
  self.__ts = f.contentWindow.Function.prototype.toString;
  window.probe = Promise.all([
    Promise.resolve().then(() => ${PROBE}),
    new Promise((r, no) => { const w = new Worker('/w.js'); w.onmessage = (e) => r(e.data); w.onerror = (e) => no(new Error(e.message)); }),
  ]);
</script>`;

async function startSite(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/w.js') {
      res.setHeader('content-type', 'text/javascript');
      res.end(`postMessage(${PROBE});`);
      return;
    }
    res.setHeader('content-type', 'text/html');
    res.end(PAGE);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

type TypedRead = { cls: string; own: boolean; values: number[]; fresh: boolean };
interface ContextRead {
  params: Record<GlName, number | TypedRead | null>;
  enums: string[];
  strings: string[];
  extensions: string[];
  fresh: boolean;
  enabled: string[];
  members: unknown[][];
  attributes: Record<string, unknown>;
  precision: number[];
}
type Probe = [Record<'webgl' | 'webgl2', ContextRead>, Record<'webgl' | 'webgl2', ContextRead>];

type Send = <T>(method: string, params?: object, sessionId?: string) => Promise<T>;

/** Opens the site in the browser's first tab and waits for the page's and the worker's reads. */
async function probe(send: Send, url: string): Promise<Probe> {
  const { targetInfos } = await send<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets');
  const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
    targetId: targetInfos.find((t) => t.type === 'page')!.targetId,
    flatten: true,
  });
  await send('Page.navigate', { url }, sessionId);
  for (let end = Date.now() + 20_000; ; await new Promise((r) => setTimeout(r, 50))) {
    const r = await send<{ result: { value?: Probe }; exceptionDetails?: { text: string } }>(
      'Runtime.evaluate',
      {
        expression: `location.href === ${JSON.stringify(url)} && window.probe`,
        awaitPromise: true,
        returnByValue: true,
      },
      sessionId,
    );
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.text);
    if (r.result.value) return r.result.value;
    if (Date.now() > end) throw new Error('the probe never answered');
  }
}

/**
 * What the profile must show, given what the engine itself shows: the family's value where the
 * engine does at least as much, the engine's beyond (upper limits; MIN_PROGRAM_TEXEL_OFFSET from
 * below; an alignment only as a multiple of the engine's; [min, max] for the ALIASED ranges).
 */
function expected(name: GlName, claim: number | number[] | undefined, host: number | TypedRead | null) {
  if (claim === undefined || host === null) return host;
  if (typeof claim === 'number') {
    const h = host as number;
    if (name === 'MIN_PROGRAM_TEXEL_OFFSET') return Math.max(claim, h);
    if (name === 'UNIFORM_BUFFER_OFFSET_ALIGNMENT') return claim >= h && claim % h === 0 ? claim : h;
    return Math.min(claim, h);
  }
  const t = host as TypedRead;
  const range = name === 'ALIASED_LINE_WIDTH_RANGE' || name === 'ALIASED_POINT_SIZE_RANGE';
  return { ...t, values: t.values.map((v, i) => (range && i === 0 ? Math.max(claim[i]!, v) : Math.min(claim[i]!, v))) };
}

describe.skipIf(noChrome)('WebGL capabilities follow the claimed GPU', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let client: FacetClient;
  let site: Awaited<ReturnType<typeof startSite>>;
  const data = tempDir('facet-webgl-');
  const fp = windowsFingerprint();
  const profile = webglProfile(fp.webglVendor, fp.webglRenderer)!;
  let bare: Probe;
  let facet: Probe;

  beforeAll(async () => {
    world = await startFacetServer();
    const u = await world.srv.register();
    site = await startSite();
    client = await startTestClient(world, u, data.dir, { device: 'webgl', listen: false });

    // A bare Chromium with the same flags, nothing applied: what the engine itself reports.
    const dir = tempDir('facet-webgl-bare-');
    const b = await launchChrome({
      chromePath: chromePath!,
      args: buildChromeFlags({ userDataDir: dir.dir, headless: true, proxyServer: null, noSandbox: true }),
      userDataDir: dir.dir,
    });
    try {
      bare = await probe((m, p, s) => b.cdp.send(m, p, s), `${site.url}/page`);
    } finally {
      killTree(b.process);
      await b.exited;
      dir.remove();
    }

    const r = await world.srv.call(
      'profileCreate',
      { name: 'webgl', browserFingerPrint: fp },
      { token: u.token, sid: u.sid },
    );
    if (r.code !== 0) throw new Error(r.message);
    const opened = await client.sessions.open(r.result.id);
    const cdp = await rawCdp(opened.wsEndpoint);
    try {
      facet = await probe(cdp.send, `${site.url}/page`);
    } finally {
      cdp.close();
      await client.sessions.close(r.result.id);
    }
  });
  afterAll(async () => {
    await client?.stop();
    site?.server.close();
    await world?.srv.close();
    data.remove();
  });

  it('the enum table is the browser’s, and the bare engine is not the claimed family', () => {
    for (const [ctx] of [bare, facet])
      for (const k of ['webgl', 'webgl2'] as const) expect(ctx[k].enums, k).toEqual([]);
    const host = bare[0].webgl.params;
    // SwiftShader here: smaller textures than D3D11, more uniforms, varyings and samplers.
    expect(host.MAX_TEXTURE_SIZE).toBeLessThan(16384);
    expect(host.MAX_FRAGMENT_UNIFORM_VECTORS).toBeGreaterThan(1024);
    expect(bare[0].webgl.extensions).toContain('WEBGL_compressed_texture_astc');
    expect(bare[0].webgl.strings[1]).not.toBe(fp.webglRenderer);
  });

  it('page and worker show the family’s limits within the engine’s, typed arrays of the browser’s classes', () => {
    for (const [i, where] of ['page', 'worker'].entries()) {
      for (const k of ['webgl', 'webgl2'] as const) {
        const got = facet[i as 0 | 1][k];
        const host = bare[i as 0 | 1][k];
        for (const name of Object.keys(GL) as GlName[]) {
          expect(got.params[name], `${where} ${k} ${name}`).toEqual(
            expected(name, profile.params[GL[name]], host.params[name]),
          );
        }
        // Plainly, here: the family's where it is within the engine, the engine's beyond.
        const p = got.params;
        expect(p.MAX_FRAGMENT_UNIFORM_VECTORS, where).toBe(1024);
        expect(p.MAX_VARYING_VECTORS, where).toBe(30);
        expect(p.MAX_TEXTURE_IMAGE_UNITS, where).toBe(16);
        expect(p.MAX_COMBINED_TEXTURE_IMAGE_UNITS, where).toBe(32);
        expect(p.MAX_TEXTURE_SIZE, where).toBe(Math.min(16384, host.params.MAX_TEXTURE_SIZE as number));
        expect(p.MAX_FRAGMENT_UNIFORM_VECTORS).not.toBe(host.params.MAX_FRAGMENT_UNIFORM_VECTORS);
        for (const [name, cls] of [
          ['MAX_VIEWPORT_DIMS', 'Int32Array'],
          ['ALIASED_POINT_SIZE_RANGE', 'Float32Array'],
          ['ALIASED_LINE_WIDTH_RANGE', 'Float32Array'],
        ] as const)
          expect(p[name], `${where} ${k} ${name}`).toMatchObject({ cls, own: true, fresh: true });
        if (k === 'webgl2') {
          expect(p.MAX_UNIFORM_BUFFER_BINDINGS, where).toBe(24);
          expect(p.MAX_SAMPLES, where).toBe(Math.min(8, host.params.MAX_SAMPLES as number));
        }
        expect(got.strings, `${where} ${k}`).toEqual([fp.webglVendor, fp.webglRenderer, ...host.strings.slice(2)]);
        // Not patched: the engine's already agree with every claimed family.
        expect(got.attributes).toEqual(host.attributes);
        expect(got.precision).toEqual(host.precision);
      }
    }
  });

  it('lists and enables only the extensions the family and the engine both have', () => {
    for (const [i, where] of ['page', 'worker'].entries()) {
      for (const k of ['webgl', 'webgl2'] as const) {
        const got = facet[i as 0 | 1][k];
        const host = bare[i as 0 | 1][k];
        const family = new Set(k === 'webgl' ? profile.extensions : profile.extensions2);
        expect(got.extensions, `${where} ${k}`).toEqual(host.extensions.filter((n) => family.has(n)));
        expect(got.fresh).toBe(true);
        expect(got.enabled, `${where} ${k}`).toEqual([...got.extensions].sort());
        expect(host.enabled).toEqual([...host.extensions].sort());
        expect(got.extensions.length).toBeLessThan(host.extensions.length);
        expect(got.extensions).toContain('WEBGL_debug_renderer_info');
      }
    }
  });

  it('the patched members look like the browser’s: native toString from a fresh frame, Illegal invocation', () => {
    for (const [i, where] of ['page', 'worker'].entries()) {
      for (const k of ['webgl', 'webgl2'] as const) {
        const got = facet[i as 0 | 1][k].members;
        expect(got, `${where} ${k}`).toEqual(bare[i as 0 | 1][k].members);
        for (const m of got) {
          expect(m[1]).toBe(`function ${m[0]}() { [native code] }`);
          expect(m[7]).toBe('TypeError: Illegal invocation');
        }
      }
    }
  });
});

import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { windowsFingerprint } from '../test/fixtures.js';
import { scriptConfig } from './overrides.js';
import { fingerprintScript } from './page-script.js';

/** A tiny window-like global with the prototypes the script patches, real getters and all. */
const SETUP = `
  class Navigator {}
  for (const [k, v] of Object.entries({ languages: ['en-US'], language: 'en-US', platform: 'Linux x86_64', hardwareConcurrency: 2, deviceMemory: 4, webdriver: true, doNotTrack: null }))
    Object.defineProperty(Navigator.prototype, k, { get() { return v; }, enumerable: true, configurable: true });
  class Screen {}
  Object.defineProperty(Screen.prototype, 'width', { get() { return 800; }, enumerable: true, configurable: true });
  class WebGLRenderingContext { getParameter(p) { return 'real-' + p; } }
  class AudioBuffer { constructor() { this.d = new Float32Array(1000); } getChannelData() { return this.d; } }
  class FontFaceSet { check() { return true; } }
  class MediaDevices { enumerateDevices() { return Promise.resolve(['real']); } }
  class MediaDeviceInfo { get deviceId() { return 'real'; } get kind() { return 'real'; } get label() { return ''; } get groupId() { return 'real'; } toJSON() { return {}; } }
  class InputDeviceInfo extends MediaDeviceInfo {}
  class RTCPeerConnection {}
  globalThis.Navigator = Navigator; globalThis.Screen = Screen; globalThis.WebGLRenderingContext = WebGLRenderingContext;
  globalThis.AudioBuffer = AudioBuffer; globalThis.FontFaceSet = FontFaceSet; globalThis.MediaDevices = MediaDevices;
  globalThis.MediaDeviceInfo = MediaDeviceInfo; globalThis.InputDeviceInfo = InputDeviceInfo; globalThis.RTCPeerConnection = RTCPeerConnection;
  globalThis.navigator = new Navigator(); globalThis.screen = new Screen();
`;

function run(script: string, probe: string) {
  return runInNewContext(`${SETUP}\n${script}\n${probe}`, {});
}

/** What the fake engine below reports: SwiftShader's values as Chromium 156 shows them here. */
const HOST: Record<number, unknown> = {
  3379: 8192, // MAX_TEXTURE_SIZE
  34024: 8192, // MAX_RENDERBUFFER_SIZE
  34076: 16384, // MAX_CUBE_MAP_TEXTURE_SIZE
  36349: 4096, // MAX_FRAGMENT_UNIFORM_VECTORS
  36348: 31, // MAX_VARYING_VECTORS
  35661: 64, // MAX_COMBINED_TEXTURE_IMAGE_UNITS
  3386: 'Int32Array:8192,8192', // MAX_VIEWPORT_DIMS
  33901: 'Float32Array:1,1023', // ALIASED_POINT_SIZE_RANGE
  33902: 'Float32Array:1,1', // ALIASED_LINE_WIDTH_RANGE
  7: 'other',
};
const HOST2: Record<number, unknown> = {
  36183: 4, // MAX_SAMPLES
  35380: 256, // UNIFORM_BUFFER_OFFSET_ALIGNMENT
  35076: -8, // MIN_PROGRAM_TEXEL_OFFSET
  35375: 72, // MAX_UNIFORM_BUFFER_BINDINGS
};

/**
 * WebGL contexts the way Chromium makes them: two unrelated interfaces, a brand-checking
 * getter, an enum converted once (valueOf counted), fresh typed arrays and extension lists,
 * extensions matched whatever their case and remembered once enabled.
 */
const glSetup = (host: Record<number, unknown>, host2: Record<number, unknown>) => `
  const ownContexts = new WeakSet();
  globalThis.valueOfCalls = 0;
  const makeGl = (extra, list) => class {
    constructor() { ownContexts.add(this); this.enabled = []; }
    get canvas() { if (!ownContexts.has(this)) throw new TypeError('Illegal invocation'); return null; }
    getParameter(p) {
      if (!arguments.length) throw new TypeError('1 argument required, but only 0 present.');
      if (!ownContexts.has(this)) throw new TypeError('Illegal invocation');
      p = +p >>> 0;
      // As the engine: the unmasked strings only once their extension is enabled.
      if (p === 0x9245 || p === 0x9246) return this.enabled.includes('WEBGL_debug_renderer_info') ? 'host-' + p : null;
      const v = p in extra ? extra[p] : ${JSON.stringify(host)}[p];
      if (typeof v === 'string' && v.includes(':')) { const [t, xs] = v.split(':'); return new globalThis[t](xs.split(',').map(Number)); }
      return v === undefined ? null : v;
    }
    getSupportedExtensions() { return list.slice(); }
    getExtension(name) {
      const n = list.find((e) => e.toLowerCase() === String(name).toLowerCase());
      if (!n) return null;
      this.enabled.push(n);
      return { name: n };
    }
  };
  // SETUP's own class keeps the global's lexical name: probes use GL1 and GL2.
  globalThis.GL1 = globalThis.WebGLRenderingContext = makeGl({}, ['ANGLE_instanced_arrays', 'WEBGL_compressed_texture_astc', 'WEBGL_debug_renderer_info', 'WEBGL_lose_context']);
  globalThis.GL2 = globalThis.WebGL2RenderingContext = makeGl(${JSON.stringify(host2)}, ['EXT_color_buffer_float', 'OVR_multiview2', 'WEBGL_compressed_texture_etc', 'WEBGL_debug_renderer_info']);
`;

function runGl(script: string, probe: string, host = HOST, host2 = HOST2) {
  return runInNewContext(`${SETUP}\n${glSetup(host, host2)}\n${script}\n${probe}`, {});
}

/** A probe's answer as plain data: typed arrays as "Class:values", with whether they are fresh. */
const READ = `
  const show = (gl, p) => {
    const v = gl.getParameter(p);
    if (!ArrayBuffer.isView(v)) return v;
    return v.constructor.name + ':' + Array.from(v).join(',') + (v === gl.getParameter(p) ? ':same' : '') + (v instanceof globalThis[v.constructor.name] ? '' : ':foreign');
  };
`;

describe('fingerprint script', () => {
  const fp = windowsFingerprint({ fonts: ['Arial', 'Segoe UI'], webrtc: 'disabled' });
  const script = fingerprintScript(scriptConfig(1, fp));

  it('overrides deviceMemory, platform and WebGL on the prototypes, and nothing the engine emulates', () => {
    const r = run(
      script,
      `({ langs: navigator.languages.join(','), lang: navigator.language, hc: navigator.hardwareConcurrency,
          mem: navigator.deviceMemory, wd: navigator.webdriver, platform: navigator.platform, sw: screen.width,
          vendor: new WebGLRenderingContext().getParameter(0x9245), renderer: new WebGLRenderingContext().getParameter(0x9246),
          other: new WebGLRenderingContext().getParameter(7), own: Object.keys(navigator).length })`,
    );
    // Languages, cores, webdriver and the screen are the engine's own (native emulation).
    expect(r).toEqual({
      langs: 'en-US',
      lang: 'en-US',
      hc: 2,
      mem: 8,
      wd: true,
      platform: 'Win32',
      sw: 800,
      vendor: 'Google Inc. (NVIDIA)',
      renderer: fp.webglRenderer,
      other: 'real-7',
      own: 0,
    });
  });

  it('makes patched functions look native', () => {
    const r = run(
      script,
      `[Function.prototype.toString.call(WebGLRenderingContext.prototype.getParameter),
        Function.prototype.toString.call(Object.getOwnPropertyDescriptor(Navigator.prototype, 'deviceMemory').get),
        String(Function.prototype.toString)]`,
    );
    expect(r).toEqual([
      'function getParameter() { [native code] }',
      'function get deviceMemory() { [native code] }',
      'function toString() { [native code] }',
    ]);
  });

  it('adds audio noise that is the same on every run of the same profile, and differs between profiles', () => {
    const probe = 'Array.from(new AudioBuffer().getChannelData(0).slice(0, 300)).join(",")';
    const a = run(script, probe);
    expect(a).toBe(run(script, probe));
    expect(a).not.toBe(run(fingerprintScript(scriptConfig(2, fp)), probe));
    expect(a).not.toBe(new Array(300).fill(0).join(','));
  });

  it('limits fonts to the profile’s list, removes WebRTC when disabled, and fakes media devices', async () => {
    const r = run(
      script,
      `({ arial: new FontFaceSet().check('12px Arial'), comic: new FontFaceSet().check('12px "Comic Sans MS"'),
          generic: new FontFaceSet().check('12px serif'), rtc: typeof globalThis.RTCPeerConnection,
          devices: new MediaDevices().enumerateDevices().then((l) => l.map((d) => d.kind + ':' + d.deviceId.length)) })`,
    );
    expect(r.arial).toBe(true);
    expect(r.comic).toBe(false);
    expect(r.generic).toBe(true);
    expect(r.rtc).toBe('undefined');
    expect(await r.devices).toEqual(['audioinput:64', 'videoinput:64', 'audiooutput:64', 'audiooutput:64']);
  });

  it('leaves nothing on the global', () => {
    const probe =
      'JSON.stringify([Object.getOwnPropertyNames(globalThis), Object.getOwnPropertySymbols(globalThis).map(String)])';
    // WebRTC kept: removing it when disabled is the one change to the global, on purpose.
    const kept = fingerprintScript(scriptConfig(1, windowsFingerprint({ fonts: ['Arial'] })));
    expect(run(kept, probe)).toBe(run('', probe));
  });

  describe('WebGL capabilities', () => {
    const nvidia = fingerprintScript(scriptConfig(1, windowsFingerprint()));

    it('reports the claimed family’s limits where the engine does as much, the engine’s beyond', () => {
      const r = runGl(
        nvidia,
        `${READ}
        const gl = new GL1(), gl2 = new GL2();
        ({ texture: show(gl, 0x0d33), renderbuffer: show(gl, 0x84e8), cube: show(gl, 0x851c), fragment: show(gl, 0x8dfd),
           varyings: show(gl, 0x8dfc), units: show(gl, 0x8b4d), viewport: show(gl, 0x0d3a), points: show(gl, 0x846d),
           lines: show(gl, 0x846e), other: show(gl, 7), unknown: show(gl, 0x1234), samples: show(gl2, 0x8d57),
           align: show(gl2, 0x8a34), texel: show(gl2, 0x8904), bindings: show(gl2, 0x8a2f), onlyIn2: show(gl, 0x8d57),
           asString: gl.getParameter('36349'), early: gl.getParameter(0x9246),
           vendor: (gl.getExtension('WEBGL_debug_renderer_info'), gl.getParameter(0x9245)),
           renderer: (gl2.getExtension('WEBGL_debug_renderer_info'), gl2.getParameter(0x9246)) })`,
      );
      expect(r).toEqual({
        // Beyond the engine: its own value (a site allocating 16384 would fail here).
        texture: 8192,
        renderbuffer: 8192,
        viewport: 'Int32Array:8192,8192',
        points: 'Float32Array:1,1023',
        samples: 4,
        // Within it: the family's, in fresh typed arrays of the engine's class where it answers with one.
        cube: 16384,
        fragment: 1024,
        varyings: 30,
        units: 32,
        lines: 'Float32Array:1,1',
        align: 256,
        texel: -8,
        bindings: 24,
        // Not in the profile, or not an enum of this context: untouched.
        other: 'other',
        unknown: null,
        onlyIn2: null,
        asString: 1024,
        // Before WEBGL_debug_renderer_info is enabled: null, as the engine answers.
        early: null,
        vendor: 'Google Inc. (NVIDIA)',
        renderer: 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
      });
    });

    it('keeps bounds from below and alignments on the engine’s side', () => {
      const apple = fingerprintScript(
        scriptConfig(
          1,
          windowsFingerprint({
            os: 'macos',
            webglVendor: 'Google Inc. (Apple)',
            webglRenderer: 'ANGLE (Apple, ANGLE Metal Renderer: Apple M1, Unspecified Version)',
          }),
        ),
      );
      const probe = `(() => { const gl2 = new GL2(); return [gl2.getParameter(0x8a34), gl2.getParameter(0x8904)]; })()`;
      // Apple's 16-byte alignment would let a site bind at offsets a 256-byte engine refuses.
      expect(runGl(apple, probe)).toEqual([256, -8]);
      // A coarser claimed alignment is fine if the engine's divides it; a narrower texel range too.
      expect(runGl(nvidia, probe, HOST, { 35380: 64, 35076: -16 })).toEqual([256, -8]);
      expect(runGl(nvidia, probe, HOST, { 35380: 48, 35076: -4 })).toEqual([48, -4]);
    });

    it('converts an object enum once, in the engine, and answers what the engine does', () => {
      const r = runGl(
        nvidia,
        `const gl = new GL1();
        [gl.getParameter({ valueOf() { globalThis.valueOfCalls++; return 0x0d33; } }), globalThis.valueOfCalls]`,
      );
      expect(r).toEqual([8192, 1]);
    });

    it('lists and enables only the extensions the family and the engine both have', () => {
      const r = runGl(
        nvidia,
        `const gl = new GL1(), gl2 = new GL2();
        const a = gl.getSupportedExtensions();
        ({ list: a, fresh: a !== gl.getSupportedExtensions(), list2: gl2.getSupportedExtensions(),
           astc: gl.getExtension('WEBGL_compressed_texture_astc'), etc: gl2.getExtension('webgl_compressed_texture_ETC'),
           debug: gl.getExtension('webgl_debug_renderer_info'), multiview: gl2.getExtension('OVR_multiview2'),
           none: gl.getExtension('NOPE'), enabled: gl.enabled.concat(gl2.enabled) })`,
      );
      expect(r).toEqual({
        list: ['ANGLE_instanced_arrays', 'WEBGL_debug_renderer_info', 'WEBGL_lose_context'],
        fresh: true,
        list2: ['EXT_color_buffer_float', 'OVR_multiview2', 'WEBGL_debug_renderer_info'],
        astc: null,
        etc: null,
        debug: { name: 'WEBGL_debug_renderer_info' },
        multiview: { name: 'OVR_multiview2' },
        none: null,
        // What the family lacks was never enabled in the engine.
        enabled: ['WEBGL_debug_renderer_info', 'OVR_multiview2'],
      });
    });

    it('leaves the extension list alone where the family’s is not known', () => {
      const mesa = fingerprintScript(
        scriptConfig(
          1,
          windowsFingerprint({
            os: 'linux',
            webglVendor: 'Google Inc. (Intel)',
            webglRenderer: 'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
          }),
        ),
      );
      const r = runGl(
        mesa,
        `const gl = new GL1();
        [gl.getSupportedExtensions().length, Function.prototype.toString.call(GL1.prototype.getExtension).includes('native'),
         gl.getParameter(0x8dfc), gl.getParameter(0x8dfd)]`,
      );
      // Varyings are not a Mesa-wide value: the engine's 31; 4096 uniform vectors are.
      expect(r).toEqual([4, false, 31, 4096]);
    });

    it('patches that look native: toString, name, length, foreign this, descriptors', () => {
      const r = runGl(
        nvidia,
        `const out = {};
        for (const [i, C] of [GL1, GL2].entries())
          for (const k of ['getParameter', 'getSupportedExtensions', 'getExtension']) {
            const d = Object.getOwnPropertyDescriptor(C.prototype, k);
            let foreign;
            try { d.value.call({}, 0x0d33); foreign = 'no error'; } catch (e) { foreign = e.constructor.name + ': ' + e.message; }
            out[i + k] = [Function.prototype.toString.call(d.value), d.value.name, d.value.length, d.writable, d.enumerable, d.configurable, 'prototype' in d.value, foreign];
          }
        out`,
      );
      for (const [k, v] of Object.entries(r as Record<string, unknown[]>)) {
        const name = k.replace(/^\d+/, '');
        expect(v, k).toEqual([
          `function ${name}() { [native code] }`,
          name,
          name === 'getSupportedExtensions' ? 0 : 1,
          true,
          false,
          true,
          false,
          'TypeError: Illegal invocation',
        ]);
      }
    });

    it('patches nothing of WebGL without a claimed GPU', () => {
      const none = fingerprintScript(scriptConfig(1, windowsFingerprint({ webglVendor: '', webglRenderer: '' })));
      const r = runGl(
        none,
        `const gl = new GL1();
        [gl.getParameter(0x8dfd), gl.getSupportedExtensions().length, Function.prototype.toString.call(GL1.prototype.getParameter).includes('native')]`,
      );
      expect(r).toEqual([4096, 4, false]);
    });
  });
});

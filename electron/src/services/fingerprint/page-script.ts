import type { ScriptConfig } from './overrides.js';

/**
 * The script evaluated in every document and worker before its own scripts run. It patches
 * prototypes (not instances) so that the patched getters look like the native ones: the
 * functions report `[native code]` through Function.prototype.toString, and property
 * descriptors keep their shape. Works in windows and workers (no DOM assumed).
 * Noise is deterministic per profile (seeded PRNG), so a site sees the same values every visit.
 */
const BODY = String.raw`
  const G = globalThis;
  if (G[Symbol.for('facet.fp')]) return;
  Object.defineProperty(G, Symbol.for('facet.fp'), { value: true });

  // --- native-looking functions ------------------------------------------------------------
  const nativeToString = Function.prototype.toString;
  const masked = new WeakMap();
  const toString = function toString() {
    if (masked.has(this)) return 'function ' + masked.get(this) + '() { [native code] }';
    return nativeToString.call(this);
  };
  masked.set(toString, 'toString');
  Object.defineProperty(Function.prototype, 'toString', { value: toString, writable: true, configurable: true, enumerable: false });
  const mask = (fn, name) => { masked.set(fn, name); return fn; };

  const getter = (proto, prop, value) => {
    if (!proto) return;
    const d = Object.getOwnPropertyDescriptor(proto, prop);
    if (d && !d.configurable) return;
    const get = mask({ get [prop]() { return typeof value === 'function' ? value.call(this) : value; } }.__lookupGetter__(prop), 'get ' + prop);
    Object.defineProperty(proto, prop, { get, set: undefined, enumerable: d ? d.enumerable : true, configurable: true });
  };
  const wrap = (proto, name, make) => {
    if (!proto || typeof proto[name] !== 'function') return;
    const orig = proto[name];
    const d = Object.getOwnPropertyDescriptor(proto, name);
    const fn = mask(make(orig), name);
    Object.defineProperty(proto, name, { value: fn, writable: d ? d.writable : true, enumerable: d ? d.enumerable : false, configurable: true });
  };

  // --- deterministic noise -------------------------------------------------------------------
  const rng = (salt) => {
    let a = (C.seed ^ salt) >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  };

  // --- navigator -----------------------------------------------------------------------------
  const NavProto = G.Navigator ? G.Navigator.prototype : G.WorkerNavigator ? G.WorkerNavigator.prototype : null;
  // languages, platform, hardwareConcurrency and webdriver are the engine's own (flags and
  // emulation, docs/client.md): nothing to patch.
  if (NavProto && 'deviceMemory' in NavProto) getter(NavProto, 'deviceMemory', C.deviceMemory);
  if (G.Navigator) getter(NavProto, 'doNotTrack', C.doNotTrack === true ? '1' : null);

  // userAgentData: the override of CDP reaches pages; workers get the same values from here.
  if (G.NavigatorUAData && C.userAgentData) {
    const U = C.userAgentData;
    const P = G.NavigatorUAData.prototype;
    const lowBrands = Object.freeze(U.brands.map((b) => Object.freeze({ brand: b.brand, version: b.version })));
    getter(P, 'brands', () => lowBrands);
    getter(P, 'mobile', U.mobile);
    getter(P, 'platform', U.platform);
    wrap(P, 'getHighEntropyValues', () => function getHighEntropyValues(hints) {
      const all = {
        architecture: U.architecture, bitness: U.bitness, model: U.model, platformVersion: U.platformVersion,
        uaFullVersion: U.fullVersion, fullVersionList: U.fullVersionList.map((b) => ({ brand: b.brand, version: b.version })),
        wow64: !!U.wow64, formFactors: U.mobile ? ['Mobile'] : ['Desktop'],
      };
      const out = { brands: lowBrands.map((b) => ({ brand: b.brand, version: b.version })), mobile: U.mobile, platform: U.platform };
      for (const h of Array.isArray(hints) ? hints : []) if (h in all) out[h] = all[h];
      return Promise.resolve(out);
    });
    wrap(P, 'toJSON', () => function toJSON() {
      return { brands: lowBrands.map((b) => ({ brand: b.brand, version: b.version })), mobile: U.mobile, platform: U.platform };
    });
  }

  // --- WebGL ---------------------------------------------------------------------------------
  const glProtos = [G.WebGLRenderingContext, G.WebGL2RenderingContext].filter(Boolean).map((c) => c.prototype);
  if (C.webgl) {
    for (const P of glProtos) {
      wrap(P, 'getParameter', (orig) => function getParameter(p) {
        if (p === 0x9245) return C.webgl.vendor;
        if (p === 0x9246) return C.webgl.renderer;
        return orig.apply(this, arguments);
      });
    }
  }

  // --- canvas / WebGL image noise ------------------------------------------------------------
  const noisePixels = (data, w, h, salt) => {
    if (!data || data.length < 4) return;
    const r = rng(salt ^ (w * 7919 + h));
    const n = Math.max(1, Math.min(20, Math.floor(data.length / 4 / 500)));
    for (let i = 0; i < n; i++) {
      const px = Math.floor(r() * (data.length / 4)) * 4;
      const ch = Math.floor(r() * 3);
      if (data[px + 3] === 0) continue;
      data[px + ch] = data[px + ch] ^ 1;
    }
  };
  const C2D = G.CanvasRenderingContext2D ? G.CanvasRenderingContext2D.prototype : null;
  const OC2D = G.OffscreenCanvasRenderingContext2D ? G.OffscreenCanvasRenderingContext2D.prototype : null;
  const origGetImageData = C2D ? C2D.getImageData : null;
  if (C.canvasNoise) {
    for (const P of [C2D, OC2D]) {
      wrap(P, 'getImageData', (orig) => function getImageData(sx, sy, sw, sh) {
        const img = orig.apply(this, arguments);
        noisePixels(img.data, img.width, img.height, 0x2d);
        return img;
      });
    }
  }
  const noisyCopy = (canvas) => {
    const isGl = !!(canvas.__facetGl);
    if (!(isGl ? C.webglImageNoise : C.canvasNoise) || !G.document || !canvas.width || !canvas.height) return null;
    try {
      const copy = G.document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext('2d');
      ctx.drawImage(canvas, 0, 0);
      const img = origGetImageData.call(ctx, 0, 0, copy.width, copy.height);
      noisePixels(img.data, img.width, img.height, isGl ? 0x91 : 0x2d);
      ctx.putImageData(img, 0, 0);
      return copy;
    } catch (e) { return null; }
  };
  if (G.HTMLCanvasElement) {
    const HC = G.HTMLCanvasElement.prototype;
    wrap(HC, 'getContext', (orig) => function getContext(type) {
      const ctx = orig.apply(this, arguments);
      if (ctx && /webgl/i.test(String(type))) Object.defineProperty(this, '__facetGl', { value: true, configurable: true });
      return ctx;
    });
    wrap(HC, 'toDataURL', (orig) => function toDataURL() {
      const copy = noisyCopy(this);
      return orig.apply(copy || this, arguments);
    });
    wrap(HC, 'toBlob', (orig) => function toBlob() {
      const copy = noisyCopy(this);
      return orig.apply(copy || this, arguments);
    });
  }
  if (C.webglImageNoise) {
    for (const P of glProtos) {
      wrap(P, 'readPixels', (orig) => function readPixels() {
        const r = orig.apply(this, arguments);
        const buf = arguments[6];
        if (buf && buf.length) noisePixels(buf, arguments[2] | 0, arguments[3] | 0, 0x91);
        return r;
      });
    }
  }

  // --- audio noise ---------------------------------------------------------------------------
  if (C.audioNoise && G.AudioBuffer) {
    const done = new WeakSet();
    wrap(G.AudioBuffer.prototype, 'getChannelData', (orig) => function getChannelData(ch) {
      const data = orig.apply(this, arguments);
      if (!done.has(data)) {
        done.add(data);
        const r = rng(0xa0 + (ch | 0));
        for (let i = 0; i < data.length; i += 100) data[i] = data[i] + (r() - 0.5) * 1e-7;
      }
      return data;
    });
    if (G.AnalyserNode) {
      wrap(G.AnalyserNode.prototype, 'getFloatFrequencyData', (orig) => function getFloatFrequencyData(arr) {
        const out = orig.apply(this, arguments);
        const r = rng(0xa7);
        for (let i = 0; i < arr.length; i += 10) arr[i] = arr[i] + (r() - 0.5) * 1e-4;
        return out;
      });
    }
  }

  // --- ClientRects noise ---------------------------------------------------------------------
  if (C.clientRectsNoise && G.DOMRect) {
    const d = (rng(0xc1)() - 0.5) * 1e-3;
    const shift = (r) => new G.DOMRect(r.x + d, r.y + d, r.width + d, r.height + d);
    for (const P of [G.Element && G.Element.prototype, G.Range && G.Range.prototype]) {
      wrap(P, 'getBoundingClientRect', (orig) => function getBoundingClientRect() {
        return shift(orig.apply(this, arguments));
      });
      wrap(P, 'getClientRects', (orig) => function getClientRects() {
        const list = orig.apply(this, arguments);
        const arr = Array.from(list, shift);
        const out = Object.create(Object.getPrototypeOf(list));
        arr.forEach((r, i) => Object.defineProperty(out, i, { value: r, enumerable: true }));
        Object.defineProperty(out, 'length', { value: arr.length });
        Object.defineProperty(out, 'item', { value: mask(function item(i) { return arr[i] || null; }, 'item') });
        out[Symbol.iterator] = function* () { yield* arr; };
        return out;
      });
    }
  }

  // --- WebRTC --------------------------------------------------------------------------------
  if (C.disableWebrtc) {
    for (const k of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCSessionDescription', 'RTCIceCandidate']) {
      try { delete G[k]; } catch (e) {}
    }
  }

  // --- media devices -------------------------------------------------------------------------
  if (C.mediaDevices && G.MediaDevices && G.MediaDeviceInfo) {
    const r = rng(0x3d);
    const hex = () => Array.from({ length: 64 }, () => Math.floor(r() * 16).toString(16)).join('');
    const group = hex();
    const make = (kind) => {
      const info = { deviceId: hex(), kind, label: '', groupId: group };
      const o = Object.create((kind === 'audiooutput' || !G.InputDeviceInfo ? G.MediaDeviceInfo : G.InputDeviceInfo).prototype);
      for (const k of Object.keys(info)) Object.defineProperty(o, k, { value: info[k], enumerable: true });
      Object.defineProperty(o, 'toJSON', { value: mask(function toJSON() { return Object.assign({}, info); }, 'toJSON') });
      return o;
    };
    const list = [];
    for (let i = 0; i < C.mediaDevices.audioInputs; i++) list.push(make('audioinput'));
    for (let i = 0; i < C.mediaDevices.videoInputs; i++) list.push(make('videoinput'));
    for (let i = 0; i < C.mediaDevices.audioOutputs; i++) list.push(make('audiooutput'));
    wrap(G.MediaDevices.prototype, 'enumerateDevices', () => function enumerateDevices() {
      return Promise.resolve(list.slice());
    });
  }

  // --- speech voices -------------------------------------------------------------------------
  if (!C.speechVoices && G.SpeechSynthesis) {
    wrap(G.SpeechSynthesis.prototype, 'getVoices', () => function getVoices() { return []; });
  }

  // --- fonts ---------------------------------------------------------------------------------
  if (C.fonts.length && G.FontFaceSet) {
    const allowed = new Set(C.fonts.map((f) => f.toLowerCase()));
    const generic = /^(serif|sans-serif|monospace|cursive|fantasy|system-ui|ui-\w+|math|emoji|fangsong)$/i;
    wrap(G.FontFaceSet.prototype, 'check', (orig) => function check(font) {
      const m = /(?:^|\s)(?:"([^"]+)"|'([^']+)'|([^\s,"']+))\s*(?:,|$)/.exec(String(font).split(',')[0] || '');
      const family = m ? (m[1] || m[2] || m[3] || '') : '';
      if (family && !generic.test(family) && !allowed.has(family.toLowerCase())) return false;
      return orig.apply(this, arguments);
    });
  }
`;

/** The script for one profile: the patch body wrapped around its configuration. */
export function fingerprintScript(config: ScriptConfig): string {
  return `(() => {\n  const C = ${JSON.stringify(config)};\n${BODY}\n})();`;
}

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

  // --- native-looking functions ------------------------------------------------------------
  // Every function the patch puts in place is made by native() below, and its source carries a
  // tag only the patched toString of each realm knows (per profile; no realm prints it). So any
  // frame's toString, a fresh one's too, shows it as native, and nothing is left on a global.
  const TAG = '__FACET_TAG__';
  const nativeToString = Function.prototype.toString;
  // An error leaving a patched member gets its stack taken again from the caller: the browser's
  // own members add no frame of theirs to a stack, so neither may ours.
  const capture = Error.captureStackTrace;
  const call = (fn, impl, self, args) => {
    try {
      return impl(self, args);
    } catch (e) {
      // An error whose stack is already set as it should be comes wrapped.
      if (e !== null && typeof e === 'object' && Object.getPrototypeOf(e) === null && 'rethrow' in e) throw e.rethrow;
      if (capture && e !== null && typeof e === 'object') capture(e, fn);
      throw e;
    }
  };
  const native = (name, impl, length, isGetter) => {
    let fn;
    const holder = isGetter
      ? { get [name]() { /*__FACET_TAG__*/ return call(fn, impl, this, []); } }
      : { [name](...args) { /*__FACET_TAG__*/ return call(fn, impl, this, args); } };
    fn = isGetter ? Object.getOwnPropertyDescriptor(holder, name).get : holder[name];
    if (isGetter) Object.defineProperty(fn, 'name', { value: 'get ' + name, configurable: true });
    Object.defineProperty(fn, 'length', { value: length, configurable: true });
    return fn;
  };
  const toString = native('toString', (self) => {
    // The engine's own check of 'this' (and its TypeError) comes first. toString is a V8 builtin,
    // which, unlike the browser's members, shows a frame of its own: that frame is kept.
    let src;
    try {
      src = nativeToString.call(self);
    } catch (e) {
      const own = typeof e.stack === 'string' ? e.stack.split('\n')[1] : undefined;
      if (capture && own) {
        capture(e, toString);
        const lines = e.stack.split('\n');
        lines.splice(1, 0, own);
        e.stack = lines.join('\n');
        throw { __proto__: null, rethrow: e };
      }
      throw e;
    }
    if (src.indexOf(TAG) < 0) return src;
    const d = Object.getOwnPropertyDescriptor(self, 'name');
    return 'function ' + (d && typeof d.value === 'string' ? d.value : '') + '() { [native code] }';
  }, 0);
  Object.defineProperty(Function.prototype, 'toString', { ...Object.getOwnPropertyDescriptor(Function.prototype, 'toString'), value: toString });

  // A foreign 'this' must fail as the browser's own does ("Illegal invocation"): any native
  // getter of the same interface checks it.
  const brandOf = (proto) => {
    for (const k of Object.getOwnPropertyNames(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, k);
      if (d && d.get) return d.get;
    }
    return null;
  };
  // Only what the browser has is replaced, with its descriptor kept (adding a property is a tell).
  const getter = (proto, prop, value) => {
    const d = proto && Object.getOwnPropertyDescriptor(proto, prop);
    if (!d || !d.configurable || !d.get) return;
    const get = native(prop, (self) => {
      d.get.call(self);
      return typeof value === 'function' ? value.call(self) : value;
    }, 0, true);
    Object.defineProperty(proto, prop, { ...d, get });
  };
  const PROMISED = new Set(['convertToBlob', 'enumerateDevices']);
  const wrap = (proto, name, make) => {
    const d = proto && Object.getOwnPropertyDescriptor(proto, name);
    if (!d || !d.configurable || typeof d.value !== 'function') return;
    const orig = d.value;
    const brand = brandOf(proto);
    const body = make(orig);
    const fn = native(name, (self, args) => {
      try {
        if (brand) brand.call(self);
      } catch (e) {
        // A method that answers with a promise rejects it rather than throwing, its stack taken
        // from the caller like a thrown error's.
        if (PROMISED.has(name)) {
          if (capture && e !== null && typeof e === 'object') capture(e, fn);
          return Promise.reject(e);
        }
        throw e;
      }
      return body.apply(self, args);
    }, orig.length);
    Object.defineProperty(proto, name, { ...d, value: fn });
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
  // languages, hardwareConcurrency and webdriver are the engine's own (flags and emulation,
  // docs/client.md): nothing to patch. platform has no route that holds: no emulation reaches a
  // worker's, and the UA override's is dropped from a page once an automation tool attaches a
  // session of its own; the engine's would name the host's OS.
  if (NavProto) getter(NavProto, 'platform', C.platform);

  // --- screen in frames of a visible window ----------------------------------------------------
  // A frame in another process does not get the tab's screen emulation in a visible window: its
  // screen is given here (the same values the tab's emulation gives the tab and its frames in its
  // own process). Its device-width media queries stay the real screen's (docs/client.md).
  if (C.frameScreen && G.Screen && G.top && G.top !== G) {
    const S = G.Screen.prototype;
    for (const [k, v] of [['width', C.frameScreen.width], ['height', C.frameScreen.height], ['availWidth', C.frameScreen.width], ['availHeight', C.frameScreen.height]])
      getter(S, k, v);
  }
  if (NavProto && 'deviceMemory' in NavProto) getter(NavProto, 'deviceMemory', C.deviceMemory);
  if (G.Navigator) getter(NavProto, 'doNotTrack', C.doNotTrack === true ? '1' : null);

  // navigator.userAgentData is the engine's own too: the UA override reaches workers as well.

  // --- WebGL ---------------------------------------------------------------------------------
  const glProtos = [G.WebGLRenderingContext, G.WebGL2RenderingContext].filter(Boolean).map((c) => c.prototype);
  if (C.webgl) {
    const W = C.webgl;
    // Taken before any page script runs: nothing a page redefines later is called from here.
    const apply = Reflect.apply;
    const isView = ArrayBuffer.isView;
    const viewLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Int32Array.prototype), 'length').get;
    const toLower = String.prototype.toLowerCase;
    const claims = Object.assign(Object.create(null), W.params);
    // The enum as the engine converts it (unsigned long), when that can run no page code twice:
    // an object's valueOf is left to the engine alone, and its answer is the engine's own.
    const enumOf = (v) => {
      const t = typeof v;
      return t === 'number' || t === 'string' || t === 'boolean' || v === undefined || v === null ? +v >>> 0 : -1;
    };
    // The claimed family's value where the engine really does at least as much, else the
    // engine's (overrides.ts, webglProfile): a site sizing its work by it never asks for more
    // than this machine gives. Most are upper limits; MIN_PROGRAM_TEXEL_OFFSET bounds from
    // below, UNIFORM_BUFFER_OFFSET_ALIGNMENT must stay a multiple of the engine's, and the
    // ALIASED_*_RANGE pairs are [min, max].
    const within = (p, claim, real) => {
      if (typeof claim === 'number') {
        if (typeof real !== 'number') return real;
        if (p === 0x8904) return claim > real ? claim : real;
        if (p === 0x8a34) return claim >= real && claim % real === 0 ? claim : real;
        return claim < real ? claim : real;
      }
      if (!isView(real) || apply(viewLength, real, []) !== claim.length) return real;
      // The engine's own fresh array, narrowed in place: its class and realm stay the browser's.
      const range = p === 0x846d || p === 0x846e;
      for (let i = 0; i < claim.length; i++) {
        if (range && i === 0 ? claim[i] > real[i] : claim[i] < real[i]) real[i] = claim[i];
      }
      return real;
    };
    const nameSet = (list) => {
      if (!list) return null;
      const set = Object.create(null);
      for (const n of list) set[apply(toLower, n, [])] = true;
      return set;
    };
    for (const P of glProtos) {
      wrap(P, 'getParameter', (orig) => function getParameter(pname) {
        const p = arguments.length ? enumOf(pname) : -1;
        const real = apply(orig, this, arguments);
        // The unmasked strings answer only once WEBGL_debug_renderer_info is enabled; before,
        // the engine's null (and its INVALID_ENUM) stands, as in any Chrome.
        if (p === 0x9245) return real === null ? real : W.vendor;
        if (p === 0x9246) return real === null ? real : W.renderer;
        const claim = p < 0 ? undefined : claims[p];
        return claim === undefined ? real : within(p, claim, real);
      });
      // Only what the family has and the engine has too: the engine's list, in its order, less
      // what the family lacks. Those are not enabled either (enabling one changes what the
      // context does and shows), whatever the case of the name, as the engine matches it.
      const allowed = nameSet(G.WebGL2RenderingContext && P === G.WebGL2RenderingContext.prototype ? W.extensions2 : W.extensions);
      if (!allowed) continue;
      wrap(P, 'getSupportedExtensions', (orig) => function getSupportedExtensions() {
        const list = apply(orig, this, arguments);
        if (!list) return list;
        let kept = 0;
        for (let i = 0; i < list.length; i++) if (allowed[apply(toLower, list[i], [])]) list[kept++] = list[i];
        list.length = kept;
        return list;
      });
      wrap(P, 'getExtension', (orig) => function getExtension(name) {
        const t = typeof name;
        if (arguments.length && (t === 'string' || t === 'number' || t === 'boolean' || name == null)) {
          if (!allowed[apply(toLower, '' + name, [])]) return null;
        }
        return apply(orig, this, arguments);
      });
    }
  }

  // --- canvas / WebGL image noise ------------------------------------------------------------
  const noisePixels = (data, w, h, salt) => {
    if (!data || data.length < 4) return;
    const r = rng(salt ^ (w * 7919 + h));
    const n = Math.max(8, Math.min(24, Math.floor(data.length / 4 / 500)));
    // Transparent pixels are skipped but not counted, so a sparse drawing is noised too. The
    // low bit is set to the profile's bit, not flipped: noising twice is noising once, so an
    // export read back (toDataURL → image → getImageData) shows the same pixels as a direct read.
    for (let done = 0, tries = 0; done < n && tries < n * 50; tries++) {
      const px = Math.floor(r() * (data.length / 4)) * 4;
      const ch = Math.floor(r() * 3);
      const bit = r() < 0.5 ? 0 : 1;
      if (data[px + 3] === 0) continue;
      data[px + ch] = (data[px + ch] & 0xfe) | bit;
      done++;
    }
  };
  const C2D = G.CanvasRenderingContext2D ? G.CanvasRenderingContext2D.prototype : null;
  const OC2D = G.OffscreenCanvasRenderingContext2D ? G.OffscreenCanvasRenderingContext2D.prototype : null;
  const rawGetImageData = { canvas: C2D && C2D.getImageData, offscreen: OC2D && OC2D.getImageData };
  // Canvases with a WebGL context: their noise is the WebGL image noise.
  const glCanvases = new WeakSet();
  if (C.canvasNoise) {
    for (const P of [C2D, OC2D]) {
      wrap(P, 'getImageData', (orig) => function getImageData(sx, sy, sw, sh) {
        const img = orig.apply(this, arguments);
        noisePixels(img.data, img.width, img.height, 0x2d);
        return img;
      });
    }
  }
  // The same pixels get the same noise on every read path (2D, OffscreenCanvas, blobs, bitmaps).
  const noisyCopy = (canvas) => {
    const isGl = glCanvases.has(canvas);
    if (!(isGl ? C.webglImageNoise : C.canvasNoise) || !canvas.width || !canvas.height) return null;
    const offscreen = !!G.OffscreenCanvas && canvas instanceof G.OffscreenCanvas;
    if (!offscreen && !G.document) return null;
    try {
      const copy = offscreen ? new G.OffscreenCanvas(canvas.width, canvas.height) : G.document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext('2d');
      ctx.drawImage(canvas, 0, 0);
      const img = rawGetImageData[offscreen ? 'offscreen' : 'canvas'].call(ctx, 0, 0, copy.width, copy.height);
      noisePixels(img.data, img.width, img.height, isGl ? 0x91 : 0x2d);
      ctx.putImageData(img, 0, 0);
      return copy;
    } catch (e) { return null; }
  };
  const markGl = (orig) => function getContext(type) {
    const ctx = orig.apply(this, arguments);
    if (ctx && /webgl/i.test(String(type))) glCanvases.add(this);
    return ctx;
  };
  const fromCopy = (orig) => function () {
    const copy = noisyCopy(this);
    return orig.apply(copy || this, arguments);
  };
  if (G.HTMLCanvasElement) {
    const HC = G.HTMLCanvasElement.prototype;
    wrap(HC, 'getContext', markGl);
    wrap(HC, 'toDataURL', fromCopy);
    wrap(HC, 'toBlob', fromCopy);
  }
  if (G.OffscreenCanvas) {
    const OC = G.OffscreenCanvas.prototype;
    wrap(OC, 'getContext', markGl);
    wrap(OC, 'convertToBlob', fromCopy);
    wrap(OC, 'transferToImageBitmap', (orig) => function transferToImageBitmap() {
      const copy = noisyCopy(this);
      // The canvas is emptied as the browser empties it; the bitmap is the noised one.
      const own = orig.apply(this, arguments);
      if (!copy) return own;
      own.close();
      return orig.call(copy);
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
    // The browser's own rects (DOMRect is writable), moved in place: the list stays its own.
    const shift = (r) => {
      r.x += d; r.y += d; r.width += d; r.height += d;
      return r;
    };
    for (const P of [G.Element && G.Element.prototype, G.Range && G.Range.prototype]) {
      wrap(P, 'getBoundingClientRect', (orig) => function getBoundingClientRect() {
        return shift(orig.apply(this, arguments));
      });
      wrap(P, 'getClientRects', (orig) => function getClientRects() {
        const list = orig.apply(this, arguments);
        for (let i = 0; i < list.length; i++) shift(list[i]);
        return list;
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
    // Made devices answer through the browser's own getters, patched to know them: no own
    // properties, and a foreign 'this' still throws.
    const fakes = new WeakMap();
    const MP = G.MediaDeviceInfo.prototype;
    for (const k of ['deviceId', 'kind', 'label', 'groupId']) {
      const d = Object.getOwnPropertyDescriptor(MP, k);
      if (!d || !d.get || !d.configurable) continue;
      const get = native(k, (self) => (fakes.has(self) ? fakes.get(self)[k] : d.get.call(self)), 0, true);
      Object.defineProperty(MP, k, { ...d, get });
    }
    wrap(MP, 'toJSON', (orig) => function toJSON() {
      return fakes.has(this) ? Object.assign({}, fakes.get(this)) : orig.apply(this, arguments);
    });
    if (G.InputDeviceInfo)
      wrap(G.InputDeviceInfo.prototype, 'getCapabilities', (orig) => function getCapabilities() {
        return fakes.has(this) ? {} : orig.apply(this, arguments);
      });
    const make = (kind) => {
      const o = Object.create((kind === 'audiooutput' || !G.InputDeviceInfo ? G.MediaDeviceInfo : G.InputDeviceInfo).prototype);
      fakes.set(o, { deviceId: hex(), kind, label: '', groupId: group });
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
  // Per profile, so no page can write a function whose source passes for a patched one.
  const tag = `fct${config.seed.toString(36)}x${(config.seed ^ 0x5bd1e995).toString(36)}`;
  return `(() => {\n  const C = ${JSON.stringify(config)};\n${BODY.replaceAll('__FACET_TAG__', tag)}\n})();`;
}

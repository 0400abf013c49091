/**
 * The fingerprint checker's probe (docs/client.md, The fingerprint checker): one function that runs
 * in every kind of context (window, frame, dedicated, shared and service worker) and reads what a
 * detection script reads there, plus the signs of patching such a script looks for. It returns
 * `{values, signs}`: `values` are compared between contexts and with the claims by the client
 * (analyze.ts); each sign names a member that does not behave like the browser's own.
 *
 * Plain ES2020 as a string: it is served to the browser, never run in Node.
 */
export const PROBE_SOURCE = String.raw`
async function facetCheckProbe(kind) {
  const values = {};
  const signs = [];
  const sign = (subject, expected, actual) => signs.push({ subject, expected, actual: String(actual) });
  const show = (x) => (x === undefined ? 'undefined' : typeof x === 'string' ? x : JSON.stringify(x));
  const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('').slice(0, 16);
  const digest = async (data) => hex(await crypto.subtle.digest('SHA-256', data));
  const isWindow = typeof window !== 'undefined' && self === window;
  const nav = self.navigator;

  values['navigator.userAgent'] = nav.userAgent;
  values['navigator.platform'] = nav.platform;
  values['navigator.language'] = nav.language;
  values['navigator.languages'] = nav.languages.join(', ');
  values['navigator.hardwareConcurrency'] = show(nav.hardwareConcurrency);
  values['navigator.deviceMemory'] = show(nav.deviceMemory);
  const ro = Intl.DateTimeFormat().resolvedOptions();
  values['Intl.timeZone'] = ro.timeZone;
  values['Intl.locale'] = ro.locale;
  values['Date.timezoneOffset'] = new Date(Date.UTC(2026, 0, 15, 12)).getTimezoneOffset() + ' / ' + new Date(Date.UTC(2026, 6, 15, 12)).getTimezoneOffset();
  const ua = nav.userAgentData;
  if (ua) {
    values['userAgentData.brands'] = ua.brands.map((b) => b.brand + '/' + b.version).join(', ');
    values['userAgentData.platform'] = ua.platform;
    values['userAgentData.mobile'] = show(ua.mobile);
    try {
      const h = await ua.getHighEntropyValues(['architecture', 'bitness', 'model', 'platformVersion', 'uaFullVersion', 'fullVersionList']);
      values['userAgentData.uaFullVersion'] = show(h.uaFullVersion);
      values['userAgentData.fullVersionList'] = (h.fullVersionList || []).map((b) => b.brand + '/' + b.version).join(', ');
      values['userAgentData.platformVersion'] = show(h.platformVersion);
      values['userAgentData.architecture'] = show(h.architecture);
      values['userAgentData.bitness'] = show(h.bitness);
    } catch (e) {
      values['userAgentData.uaFullVersion'] = 'error: ' + e.name;
    }
  } else values['userAgentData.brands'] = 'undefined';

  try {
    const gl = new OffscreenCanvas(1, 1).getContext('webgl');
    // Before its extension is enabled the unmasked renderer is null in any Chrome.
    const early = gl.getParameter(0x9246);
    if (early !== null) sign('UNMASKED_RENDERER_WEBGL before WEBGL_debug_renderer_info', 'null', early);
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    values['webgl.vendor'] = show(gl.getParameter(ext ? ext.UNMASKED_VENDOR_WEBGL : 0x9245));
    values['webgl.renderer'] = show(gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : 0x9246));
    values['webgl.maxTextureSize'] = show(gl.getParameter(gl.MAX_TEXTURE_SIZE));
    values['webgl.extensions'] = show((gl.getSupportedExtensions() || []).length);
  } catch (e) {
    values['webgl.vendor'] = 'unavailable';
  }

  // Shapes only: text is drawn with the fonts of the context, which differ in a bare browser too.
  const scene = (x) => {
    const g = x.createLinearGradient(0, 0, 220, 60);
    g.addColorStop(0, '#f60');
    g.addColorStop(1, '#06c');
    x.fillStyle = g;
    x.fillRect(0, 0, 220, 60);
    x.beginPath();
    x.arc(60, 30, 22, 0, Math.PI * 1.7);
    x.strokeStyle = 'rgba(20, 200, 80, 0.7)';
    x.lineWidth = 3.5;
    x.stroke();
    x.fillStyle = 'rgba(255, 255, 255, 0.5)';
    x.fillRect(120.5, 10.25, 70.3, 33.7);
  };
  try {
    const c = new OffscreenCanvas(220, 60);
    const x = c.getContext('2d');
    scene(x);
    values['canvas.offscreen'] = await digest(x.getImageData(0, 0, 220, 60).data);
    values['canvas.offscreenBlob'] = await digest(await (await c.convertToBlob()).arrayBuffer());
  } catch (e) {
    values['canvas.offscreen'] = 'error: ' + e.name;
  }

  // --- members a fingerprint patch replaces: each must look and act like the browser's -------
  const frameToString = isWindow && document.body ? (() => {
    const f = document.createElement('iframe');
    f.style.display = 'none';
    document.body.appendChild(f);
    const ts = f.contentWindow.Function.prototype.toString;
    f.remove();
    return ts;
  })() : null;
  const ownToString = Function.prototype.toString;
  const webIdl = (ctor, names) => names.map((n) => [ctor, n, true]);
  const members = [
    ...webIdl(isWindow ? 'Navigator' : 'WorkerNavigator', ['userAgent', 'platform', 'language', 'languages', 'hardwareConcurrency', 'deviceMemory', 'webdriver', 'userAgentData', 'doNotTrack']),
    ...webIdl('Screen', ['width', 'height', 'availWidth', 'availHeight', 'colorDepth']),
    ...webIdl('WebGLRenderingContext', ['getParameter', 'getSupportedExtensions', 'readPixels']),
    ...webIdl('WebGL2RenderingContext', ['getParameter', 'readPixels']),
    ...webIdl('HTMLCanvasElement', ['toDataURL', 'toBlob', 'getContext']),
    ...webIdl('CanvasRenderingContext2D', ['getImageData']),
    ...webIdl('OffscreenCanvas', ['convertToBlob', 'getContext', 'transferToImageBitmap']),
    ...webIdl('OffscreenCanvasRenderingContext2D', ['getImageData']),
    ...webIdl('Element', ['getClientRects', 'getBoundingClientRect']),
    ...webIdl('Range', ['getClientRects', 'getBoundingClientRect']),
    ...webIdl('AudioBuffer', ['getChannelData', 'copyFromChannel']),
    ...webIdl('AnalyserNode', ['getFloatFrequencyData']),
    ...webIdl('MediaDevices', ['enumerateDevices']),
    ...webIdl('FontFaceSet', ['check']),
    ...webIdl('SpeechSynthesis', ['getVoices']),
    ...webIdl('MediaDeviceInfo', ['deviceId', 'kind', 'label', 'groupId', 'toJSON']),
    ['Function', 'toString', false],
    ['Date', 'getTimezoneOffset', false],
  ];
  const stranger = {};
  async function checkMember(ctor, name, isWebIdl) {
    const C = self[ctor];
    if (!C || !C.prototype) return;
    const d = Object.getOwnPropertyDescriptor(C.prototype, name);
    if (!d) return;
    const fn = d.get || d.value;
    if (typeof fn !== 'function') return;
    const subject = ctor + '.prototype.' + name;
    const want = 'function ' + (d.get ? 'get ' : '') + name + '() { [native code] }';
    const src = ownToString.call(fn);
    if (src !== want) sign(subject + ' toString', want, src.slice(0, 120));
    if (frameToString) {
      const fromFrame = frameToString.call(fn);
      if (fromFrame !== want) sign(subject + ' toString (fresh frame)', want, fromFrame.slice(0, 120));
    }
    if (fn.name !== (d.get ? 'get ' : '') + name) sign(subject + ' name', (d.get ? 'get ' : '') + name, fn.name);
    if (Object.prototype.hasOwnProperty.call(fn, 'prototype')) sign(subject + ' prototype', 'undefined', typeof fn.prototype);
    try {
      new (new Proxy(fn, { construct: () => ({}) }))();
      sign(subject + ' construct', 'TypeError', 'new: object');
    } catch (e) {}
    const shape = d.get
      ? 'get, ' + (d.set ? 'set, ' : '') + 'enumerable ' + d.enumerable + ', configurable ' + d.configurable
      : 'value, writable ' + d.writable + ', enumerable ' + d.enumerable + ', configurable ' + d.configurable;
    const wantShape = d.get
      ? 'get, enumerable ' + isWebIdl + ', configurable true'
      : 'value, writable true, enumerable ' + isWebIdl + ', configurable true';
    if (shape !== wantShape) sign(subject + ' descriptor', wantShape, shape);
    // The browser's members refuse a foreign this with a TypeError thrown from the caller's frame:
    // a patch shows as no error, another error, or frames of its own above the caller.
    let error = null;
    try {
      const r = fn.call(stranger);
      if (r && typeof r.then === 'function') await r;
    } catch (e) {
      error = e;
    }
    if (!(error instanceof TypeError)) sign(subject + ' foreign this', 'TypeError', error ? error.name + ': ' + error.message : 'undefined');
    else if (typeof error.stack === 'string') {
      const frames = error.stack.split('\n').slice(1);
      const own = frames.findIndex((f) => f.includes('checkMember'));
      const above = own < 0 ? frames : frames.slice(0, own);
      const foreign = above.filter((f) => !/^\s+at [^(]+\(<anonymous>\)$/.test(f));
      if (foreign.length) sign(subject + ' stack', 'at checkMember', foreign[0].trim());
    }
  }
  for (const [ctor, name, isWebIdl] of members) await checkMember(ctor, name, isWebIdl);
  const instance = isWindow ? [['navigator', nav], ['screen', screen]] : [['navigator', nav]];
  for (const [n, o] of instance) {
    const own = [...Object.getOwnPropertyNames(o), ...Object.getOwnPropertySymbols(o).map(String)];
    if (own.length) sign(n + ' own properties', '[]', own.join(', '));
  }
  const symbols = Object.getOwnPropertySymbols(self).map(String);
  if (symbols.length) sign('global symbols', '[]', symbols.join(', '));

  if (isWindow) {
    values['webdriver'] = show(nav.webdriver);
    values['screen.size'] = screen.width + 'x' + screen.height;
    values['screen.avail'] = screen.availWidth + 'x' + screen.availHeight;
    values['screen.colorDepth'] = show(screen.colorDepth);
    values['screen.mediaQueries'] = show(
      matchMedia('(device-width: ' + screen.width + 'px)').matches && matchMedia('(device-height: ' + screen.height + 'px)').matches,
    );
    values['window.fitsScreen'] = show(outerWidth <= screen.availWidth && outerHeight <= screen.availHeight);
    values['window.outer'] = outerWidth + 'x' + outerHeight;
    const c = document.createElement('canvas');
    c.width = 220;
    c.height = 60;
    const x = c.getContext('2d');
    scene(x);
    const direct = await digest(x.getImageData(0, 0, 220, 60).data);
    values['canvas.2d'] = direct;
    // Every read path must agree: the PNG read back, and an OffscreenCanvas drawing the same.
    const img = new Image();
    img.src = c.toDataURL();
    await img.decode();
    const back = document.createElement('canvas');
    back.width = 220;
    back.height = 60;
    const bx = back.getContext('2d');
    bx.drawImage(img, 0, 0);
    const readBack = await digest(bx.getImageData(0, 0, 220, 60).data);
    if (readBack !== direct) sign('HTMLCanvasElement toDataURL pixels', direct, readBack);
    if (values['canvas.offscreen'] !== direct) sign('OffscreenCanvas getImageData pixels', direct, values['canvas.offscreen']);
  }
  if (kind === 'page') {
    try {
      const ctx = new OfflineAudioContext(1, 5000, 44100);
      const osc = ctx.createOscillator();
      osc.type = 'triangle';
      osc.frequency.value = 10000;
      const comp = ctx.createDynamicsCompressor();
      osc.connect(comp);
      comp.connect(ctx.destination);
      osc.start(0);
      const buf = await ctx.startRendering();
      values['audio'] = await digest(buf.getChannelData(0).slice(4500).buffer);
    } catch (e) {
      values['audio'] = 'error: ' + e.name;
    }
    const probeText = 'mmmmmmmmmmlli10OQ@';
    const span = document.createElement('span');
    span.style.cssText = 'position:absolute;left:-9999px;font-size:72px';
    span.textContent = probeText;
    document.body.appendChild(span);
    const width = (family) => {
      span.style.fontFamily = family;
      return span.offsetWidth + 'x' + span.offsetHeight;
    };
    const bases = ['monospace', 'sans-serif', 'serif'].map((b) => [b, width(b)]);
    const candidates = ['Arial', 'Arial Black', 'Calibri', 'Cambria', 'Comic Sans MS', 'Consolas', 'Courier New', 'Georgia', 'Helvetica', 'Helvetica Neue', 'Impact', 'Menlo', 'Segoe UI', 'Tahoma', 'Times New Roman', 'Trebuchet MS', 'Verdana', 'DejaVu Sans', 'Liberation Sans', 'Noto Sans', 'Ubuntu', 'Cantarell', 'WenQuanYi Micro Hei'];
    values['fonts.measured'] = candidates.filter((f) => bases.some(([b, w]) => width("'" + f + "', " + b) !== w)).join(', ');
    values['fonts.check'] = candidates.filter((f) => document.fonts.check("12px '" + f + "'")).join(', ');
    span.remove();
    try {
      values['mediaDevices'] = (await nav.mediaDevices.enumerateDevices()).map((d) => d.kind).join(', ');
    } catch (e) {
      values['mediaDevices'] = 'error: ' + e.name;
    }
    values['speechVoices'] = show(speechSynthesis.getVoices().length);
  }
  return { values, signs };
}
`;

/** The top page: runs the probe itself, then in each other context, and posts all to `report`. */
export function checkPage(crossOrigin: string): string {
  return `<!doctype html><meta charset="utf-8"><title>Facet</title><body><script>
${PROBE_SOURCE}
(async () => {
  const base = location.pathname;
  const results = {};
  const timeout = (ms) => new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within ' + ms + ' ms')), ms));
  const run = async (name, start) => {
    try {
      results[name] = { ran: true, ...(await Promise.race([start(), timeout(15000)])) };
    } catch (e) {
      results[name] = { ran: false, error: String((e && e.message) || e) };
    }
  };
  const fromFrame = (src) => new Promise((resolve) => {
    const f = document.createElement('iframe');
    const onMessage = (e) => {
      if (e.source !== f.contentWindow) return;
      removeEventListener('message', onMessage);
      resolve(e.data);
    };
    addEventListener('message', onMessage);
    f.src = src;
    document.body.appendChild(f);
  });
  await run('page', () => facetCheckProbe('page'));
  await run('sameOriginFrame', () => fromFrame(base + 'frame'));
  await run('crossOriginFrame', () => fromFrame(${JSON.stringify(crossOrigin)} + base + 'frame'));
  await run('dedicatedWorker', () => new Promise((resolve, reject) => {
    const w = new Worker(base + 'worker.js');
    w.onmessage = (e) => resolve(e.data);
    w.onerror = (e) => reject(new Error(e.message || 'worker error'));
  }));
  await run('sharedWorker', () => new Promise((resolve, reject) => {
    const w = new SharedWorker(base + 'shared.js');
    w.port.onmessage = (e) => resolve(e.data);
    w.onerror = () => reject(new Error('shared worker error'));
    w.port.start();
  }));
  await run('serviceWorker', async () => {
    const reg = await navigator.serviceWorker.register(base + 'sw.js', { scope: base });
    const worker = reg.active || (await navigator.serviceWorker.ready).active;
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => { channel.port1.onmessage = (e) => resolve(e.data); });
    worker.postMessage('probe', [channel.port2]);
    const data = await answer;
    await reg.unregister();
    return data;
  });
  await fetch(base + 'report', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(results) });
})();
</script>`;
}

/** A frame: probes, and answers its parent. */
export const FRAME_PAGE = `<!doctype html><meta charset="utf-8"><body><script>
${PROBE_SOURCE}
facetCheckProbe('frame').then((r) => parent.postMessage(r, '*'));
</script>`;

export const DEDICATED_WORKER = `${PROBE_SOURCE}
facetCheckProbe('dedicatedWorker').then((r) => postMessage(r));`;

export const SHARED_WORKER = `${PROBE_SOURCE}
onconnect = (e) => { const port = e.ports[0]; facetCheckProbe('sharedWorker').then((r) => port.postMessage(r)); };`;

export const SERVICE_WORKER = `${PROBE_SOURCE}
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('message', (e) => { facetCheckProbe('serviceWorker').then((r) => e.ports[0].postMessage(r)); });`;

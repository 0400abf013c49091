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

describe('fingerprint script', () => {
  const fp = windowsFingerprint({ fonts: ['Arial', 'Segoe UI'], webrtc: 'disabled' });
  const script = fingerprintScript(scriptConfig(1, fp));

  it('overrides deviceMemory and WebGL on the prototypes, and nothing the engine emulates', () => {
    const r = run(
      script,
      `({ langs: navigator.languages.join(','), lang: navigator.language, hc: navigator.hardwareConcurrency,
          mem: navigator.deviceMemory, wd: navigator.webdriver, platform: navigator.platform, sw: screen.width,
          vendor: new WebGLRenderingContext().getParameter(0x9245), renderer: new WebGLRenderingContext().getParameter(0x9246),
          other: new WebGLRenderingContext().getParameter(7), own: Object.keys(navigator).length })`,
    );
    // Languages, cores, platform, webdriver and the screen are the engine's own (native emulation).
    expect(r).toEqual({
      langs: 'en-US',
      lang: 'en-US',
      hc: 2,
      mem: 8,
      wd: true,
      platform: 'Linux x86_64',
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
});

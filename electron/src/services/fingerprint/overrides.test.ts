import { describe, expect, it } from 'vitest';
import { windowsFingerprint } from '../test/fixtures.js';
import {
  geolocationOf,
  identityHeaders,
  nativeEmulation,
  noiseSeed,
  scriptConfig,
  timeZoneOf,
  userAgentMetadata,
  userAgentOverride,
  webrtcPolicy,
} from './overrides.js';
import { GL, webglFamily, webglProfile } from './webgl-families.js';

describe('fingerprint overrides', () => {
  it('derives client hints consistent with the UA string when the generator gave none', () => {
    const m = userAgentMetadata(windowsFingerprint());
    expect(m.platform).toBe('Windows');
    expect(m.mobile).toBe(false);
    expect(m.fullVersion).toBe('131.0.6778.86');
    expect(m.brands?.map((b) => `${b.brand}/${b.version}`)).toContain('Google Chrome/131');
    expect(m.fullVersionList?.find((b) => b.brand === 'Google Chrome')?.version).toBe('131.0.6778.86');
  });

  it('uses the generator’s client hints when present', () => {
    const m = userAgentMetadata(
      windowsFingerprint({
        os: 'macos',
        clientHints: {
          brands: [{ brand: 'Google Chrome', version: '130' }],
          platform: 'macOS',
          platformVersion: '14.6.1',
          architecture: 'arm',
        },
      }),
    );
    expect(m.brands).toEqual([{ brand: 'Google Chrome', version: '130' }]);
    expect(m.platformVersion).toBe('14.6.1');
    expect(m.architecture).toBe('arm');
  });

  it('leaves Accept-Language to the engine and gives a navigator platform per OS', () => {
    const o = userAgentOverride(windowsFingerprint());
    expect(o.acceptLanguage).toBeUndefined();
    expect(o.platform).toBe('Win32');
  });

  it('writes the identity headers as Chromium does under the override', () => {
    const h = identityHeaders(windowsFingerprint());
    expect(h['sec-ch-ua']).toBe('"Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"');
    expect(h['sec-ch-ua-full-version-list']).toBe(
      '"Google Chrome";v="131.0.6778.86", "Chromium";v="131.0.6778.86", "Not_A Brand";v="24.0.0.0"',
    );
    expect(h['sec-ch-ua-platform']).toBe('"Windows"');
    expect(h['sec-ch-ua-mobile']).toBe('?0');
    expect(h['accept-language']).toBeUndefined();
  });

  it('time zone: custom value, or the machine’s when real/unresolved', () => {
    expect(timeZoneOf(windowsFingerprint())).toBe('Asia/Tokyo');
    expect(timeZoneOf(windowsFingerprint({ timeZone: { mode: 'real', value: 'Asia/Tokyo' } }))).toBeNull();
    expect(timeZoneOf(windowsFingerprint({ timeZone: { mode: 'ip', value: '' } }))).toBeNull();
  });

  it('geolocation and WebRTC plans follow the mode', () => {
    expect(geolocationOf(windowsFingerprint())).toEqual({
      kind: 'override',
      latitude: 35.68,
      longitude: 139.69,
      accuracy: 50,
    });
    expect(geolocationOf(windowsFingerprint({ geolocation: { mode: 'block' } }))).toEqual({ kind: 'deny' });
    expect(geolocationOf(windowsFingerprint({ geolocation: { mode: 'ask' } }))).toEqual({ kind: 'prompt' });
    expect(webrtcPolicy('proxy')).toBe('disable_non_proxied_udp');
    expect(webrtcPolicy('forward')).toBe('default_public_interface_only');
    expect(webrtcPolicy('real')).toBeNull();
  });

  it('noise seed is stable per profile and differs between profiles', () => {
    const fp = windowsFingerprint();
    expect(noiseSeed(1, fp)).toBe(noiseSeed(1, fp));
    expect(noiseSeed(1, fp)).not.toBe(noiseSeed(2, fp));
    expect(scriptConfig(1, fp).seed).toBe(noiseSeed(1, fp));
  });

  it('emulates natively: locale from the first language, cores, and the screen unless it stays real', () => {
    expect(nativeEmulation(windowsFingerprint())).toEqual({
      locale: 'de-DE',
      hardwareConcurrency: 12,
      screen: { width: 1536, height: 864 },
    });
    expect(
      nativeEmulation(windowsFingerprint({ screen: { mode: 'real', width: 1920, height: 1080 } })).screen,
    ).toBeNull();
  });

  describe('WebGL capabilities of the claimed GPU', () => {
    const NV = [
      'Google Inc. (NVIDIA)',
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
    ] as const;
    const M1 = ['Google Inc. (Apple)', 'ANGLE (Apple, ANGLE Metal Renderer: Apple M1, Unspecified Version)'] as const;
    const MESA = [
      'Google Inc. (Intel)',
      'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
    ] as const;

    it('tells the family from the claimed strings, and none for renderers with other limits', () => {
      expect(webglFamily(...NV)).toBe('d3d11');
      expect(webglFamily('Google Inc. (AMD)', 'ANGLE (AMD, AMD Radeon RX 6600 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(
        'd3d11',
      );
      expect(
        webglFamily(
          'Google Inc. (Intel)',
          'ANGLE (Intel, Intel(R) UHD Graphics 630 (0x00003E92) Direct3D11 vs_5_0 ps_5_0, D3D11)',
        ),
      ).toBe('d3d11');
      expect(webglFamily(...M1)).toBe('apple');
      expect(webglFamily('Apple Inc.', 'Apple M2')).toBe('apple');
      expect(webglFamily(...MESA)).toBe('mesa');
      expect(
        webglFamily(
          'Google Inc. (AMD)',
          'ANGLE (AMD, AMD Radeon RX 580 (radeonsi, polaris10, LLVM 15.0.7), OpenGL 4.6)',
        ),
      ).toBe('mesa');
      // Feature level 10 cards, Apple silicon over OpenGL, NVIDIA's own Linux driver, software.
      expect(
        webglFamily('Google Inc. (Intel)', 'ANGLE (Intel, Intel(R) HD Graphics Direct3D11 vs_4_1 ps_4_1, D3D11)'),
      ).toBe(null);
      expect(webglFamily('Google Inc. (Apple)', 'ANGLE (Apple, Apple M1, OpenGL 4.1)')).toBe(null);
      expect(webglFamily('Google Inc. (NVIDIA)', 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060/PCIe/SSE2, OpenGL 4.6)')).toBe(
        null,
      );
      expect(
        webglFamily(
          'Google Inc. (Google)',
          'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
        ),
      ).toBe(null);
      expect(webglProfile('Acme', 'Acme GPU')).toBeNull();
    });

    it('gives Chrome’s values for Direct3D 11, Metal and Mesa, keyed by the WebGL enums', () => {
      const d3d = webglProfile(...NV)!;
      expect(d3d.params[GL.MAX_TEXTURE_SIZE]).toBe(16384);
      expect(d3d.params[GL.MAX_VIEWPORT_DIMS]).toEqual([32767, 32767]);
      expect(d3d.params[GL.MAX_FRAGMENT_UNIFORM_VECTORS]).toBe(1024);
      expect(d3d.params[GL.MAX_VARYING_VECTORS]).toBe(30);
      expect(d3d.params[GL.ALIASED_POINT_SIZE_RANGE]).toEqual([1, 1024]);
      expect(d3d.params[GL.UNIFORM_BUFFER_OFFSET_ALIGNMENT]).toBe(256);
      expect(d3d.extensions).toContain('WEBGL_compressed_texture_s3tc');
      expect(d3d.extensions).not.toContain('WEBGL_compressed_texture_astc');
      expect(d3d.extensions2).toContain('EXT_color_buffer_float');

      const apple = webglProfile(...M1)!;
      expect(apple.params[GL.MAX_VIEWPORT_DIMS]).toEqual([16384, 16384]);
      expect(apple.params[GL.MAX_VERTEX_UNIFORM_VECTORS]).toBe(1024);
      expect(apple.params[GL.ALIASED_POINT_SIZE_RANGE]).toEqual([1, 511]);
      expect(apple.params[GL.UNIFORM_BUFFER_OFFSET_ALIGNMENT]).toBe(16);
      expect(apple.extensions).toContain('WEBGL_compressed_texture_pvrtc');
      expect(apple.extensions2).not.toContain('OVR_multiview2');

      // Mesa: only what its drivers share; the extension list stays the engine's.
      const mesa = webglProfile(...MESA)!;
      expect(mesa.params[GL.MAX_TEXTURE_SIZE]).toBe(16384);
      expect(mesa.params[GL.MAX_VARYING_VECTORS]).toBeUndefined();
      expect(mesa.extensions).toBeNull();
      expect(mesa.extensions2).toBeNull();

      // Every key is a known enum, and the enums are distinct.
      const enums = new Set<number>(Object.values(GL));
      expect(enums.size).toBe(Object.keys(GL).length);
      for (const p of [d3d, apple, mesa])
        for (const k of Object.keys(p.params)) expect(enums.has(Number(k))).toBe(true);
    });

    it('tables that add up as the real backends’ do', () => {
      for (const p of [webglProfile(...NV)!, webglProfile(...M1)!]) {
        const v = (name: keyof typeof GL) => p.params[GL[name]] as number;
        expect(v('MAX_COMBINED_TEXTURE_IMAGE_UNITS')).toBe(
          v('MAX_TEXTURE_IMAGE_UNITS') + v('MAX_VERTEX_TEXTURE_IMAGE_UNITS'),
        );
        expect(v('MAX_COMBINED_UNIFORM_BLOCKS')).toBe(
          v('MAX_VERTEX_UNIFORM_BLOCKS') + v('MAX_FRAGMENT_UNIFORM_BLOCKS'),
        );
        expect(v('MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS')).toBe(
          (v('MAX_VERTEX_UNIFORM_BLOCKS') * v('MAX_UNIFORM_BLOCK_SIZE')) / 4 + v('MAX_VERTEX_UNIFORM_COMPONENTS'),
        );
        expect(v('MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS')).toBe(
          (v('MAX_FRAGMENT_UNIFORM_BLOCKS') * v('MAX_UNIFORM_BLOCK_SIZE')) / 4 + v('MAX_FRAGMENT_UNIFORM_COMPONENTS'),
        );
        expect(v('MAX_VARYING_COMPONENTS')).toBe(v('MAX_VARYING_VECTORS') * 4);
        expect(Math.floor(v('MAX_VERTEX_UNIFORM_COMPONENTS') / 4)).toBe(v('MAX_VERTEX_UNIFORM_VECTORS'));
        expect(v('MAX_FRAGMENT_UNIFORM_COMPONENTS') / 4).toBe(v('MAX_FRAGMENT_UNIFORM_VECTORS'));
        expect(v('MAX_CUBE_MAP_TEXTURE_SIZE')).toBe(v('MAX_TEXTURE_SIZE'));
        // WEBGL_debug_renderer_info is listed everywhere: the claimed strings need it.
        expect(p.extensions).toContain('WEBGL_debug_renderer_info');
        expect(p.extensions2).toContain('WEBGL_debug_renderer_info');
      }
    });

    it('goes into the script config with the claimed strings; none without a claim', () => {
      const w = scriptConfig(1, windowsFingerprint()).webgl!;
      expect(w.vendor).toBe(NV[0]);
      expect(w.renderer).toBe(NV[1]);
      expect(w.params).toEqual(webglProfile(...NV)!.params);
      expect(w.extensions).toEqual(webglProfile(...NV)!.extensions);
      // An unknown GPU keeps its strings and the engine's capabilities.
      expect(scriptConfig(1, windowsFingerprint({ webglRenderer: 'Acme GPU' })).webgl).toEqual({
        vendor: NV[0],
        renderer: 'Acme GPU',
        params: {},
        extensions: null,
        extensions2: null,
      });
      expect(scriptConfig(1, windowsFingerprint({ webglVendor: '', webglRenderer: '' })).webgl).toBeNull();
      // The tables are not shared: a caller changing its copy changes no other profile's.
      webglProfile(...NV)!.extensions!.length = 0;
      expect(webglProfile(...NV)!.extensions!.length).toBeGreaterThan(10);
    });
  });
});

import type { Fingerprint } from '@facet/shared';

/** A complete, consistent Windows fingerprint for tests (what getUaAndWebGL would give). */
export const windowsFingerprint = (over: Partial<Fingerprint> = {}): Fingerprint => ({
  os: 'windows',
  browserVersion: '131',
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.86 Safari/537.36',
  clientHints: {},
  languages: { mode: 'custom', value: ['de-DE', 'de', 'en-US'] },
  timeZone: { mode: 'custom', value: 'Asia/Tokyo' },
  geolocation: { mode: 'custom', latitude: 35.68, longitude: 139.69, accuracy: 50 },
  webrtc: 'proxy',
  screen: { mode: 'custom', width: 1536, height: 864 },
  fonts: [],
  canvasNoise: true,
  webglImageNoise: true,
  audioNoise: true,
  clientRectsNoise: true,
  webglVendor: 'Google Inc. (NVIDIA)',
  webglRenderer: 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
  hardwareConcurrency: 12,
  deviceMemory: 8,
  mediaDevices: { mode: 'noise', audioInputs: 1, videoInputs: 1, audioOutputs: 2 },
  speechVoices: true,
  doNotTrack: null,
  deviceName: 'DESKTOP-4F2K9QX',
  macAddress: '3C-52-82-1A-9B-7E',
  portScanProtection: { enabled: false, allowPorts: [] },
  ...over,
});

import { type DeviceFingerprint, FINGERPRINT_MARKER_DAYS } from '@facet/shared';
import Cookies from 'js-cookie';
import { api } from '../api/calls';
import { FINGERPRINT_ID_KEY } from '../features/auth/device-id';

/** Collected once per browser; skipped while this marker cookie lives (168 days). */
export const FINGERPRINT_MARKER = 'fpCollected';

function parseBrowser(ua: string): { browser: string; browserVersion: string } {
  const m = /(Edg|OPR|Firefox|Chrome|Version)\/([\d.]+)/.exec(ua);
  const name =
    m?.[1] === 'Edg' ? 'Edge' : m?.[1] === 'OPR' ? 'Opera' : m?.[1] === 'Version' ? 'Safari' : (m?.[1] ?? '');
  return { browser: name, browserVersion: m?.[2] ?? '' };
}

function parseOs(ua: string): { os: string; osVersion: string } {
  const rules: Array<[RegExp, string]> = [
    [/Windows NT ([\d.]+)/, 'Windows'],
    [/Mac OS X ([\d_]+)/, 'macOS'],
    [/Android ([\d.]+)/, 'Android'],
    [/iPhone OS ([\d_]+)/, 'iOS'],
    [/Linux/, 'Linux'],
  ];
  for (const [re, os] of rules) {
    const m = re.exec(ua);
    if (m) return { os, osVersion: (m[1] ?? '').replace(/_/g, '.') };
  }
  return { os: '', osVersion: '' };
}

function webgl(): Pick<
  DeviceFingerprint,
  'unmaskedVendor' | 'unmaskedRenderer' | 'webglParameters' | 'shaderPrecisionFormats'
> {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return {};
    const dbg = gl.getExtension('WEBGL_debug_renderer_info');
    const high = gl.getShaderPrecisionFormat(gl.FRAGMENT_SHADER, gl.HIGH_FLOAT);
    return {
      unmaskedVendor: dbg ? String(gl.getParameter(dbg.UNMASKED_VENDOR_WEBGL)) : '',
      unmaskedRenderer: dbg ? String(gl.getParameter(dbg.UNMASKED_RENDERER_WEBGL)) : '',
      webglParameters: {
        maxTextureSize: gl.getParameter(gl.MAX_TEXTURE_SIZE),
        maxViewportDims: Array.from(gl.getParameter(gl.MAX_VIEWPORT_DIMS) as Int32Array),
        version: gl.getParameter(gl.VERSION),
      },
      shaderPrecisionFormats: high
        ? { rangeMin: high.rangeMin, rangeMax: high.rangeMax, precision: high.precision }
        : {},
    };
  } catch {
    return {};
  }
}

async function mediaDevices(): Promise<NonNullable<DeviceFingerprint['mediaDevices']>> {
  try {
    const list = (await navigator.mediaDevices?.enumerateDevices()) ?? [];
    return list.slice(0, 200).map((d) => ({ deviceId: d.deviceId, kind: d.kind, label: d.label }));
  } catch {
    return [];
  }
}

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The device fingerprint payload of this browser. */
export async function collectFingerprint(): Promise<DeviceFingerprint> {
  const ua = navigator.userAgent;
  const voices = typeof speechSynthesis === 'undefined' ? [] : speechSynthesis.getVoices();
  const base = {
    ...parseOs(ua),
    ua,
    ...parseBrowser(ua),
    cpu: navigator.hardwareConcurrency ?? '',
    device: navigator.platform,
    deviceModel: '',
    height: screen.height,
    width: screen.width,
    availWidth: screen.availWidth,
    availHeight: screen.availHeight,
    colorDepth: screen.colorDepth,
    ...webgl(),
    speechVoices: voices.slice(0, 1000).map((v) => ({
      name: v.name,
      default: v.default,
      lang: v.lang,
      localService: v.localService,
      voiceURI: v.voiceURI,
    })),
    mediaDevices: await mediaDevices(),
    devicePixelRatio: window.devicePixelRatio,
  };
  // The id is a digest of what stays stable for a browser, not of the volatile device labels.
  const fingerPrintId = await sha256(
    JSON.stringify([
      base.ua,
      base.width,
      base.height,
      base.colorDepth,
      base.unmaskedRenderer,
      base.cpu,
      base.devicePixelRatio,
    ]),
  );
  return { ...base, fingerPrintId };
}

/** Collects and uploads once; the marker cookie keeps it from happening again for 168 days. */
export async function collectFingerprintOnce(
  upload = (fp: DeviceFingerprint) => api.setFingerPrintData(fp, { noPrompt: true }),
) {
  if (Cookies.get(FINGERPRINT_MARKER)) return false;
  const fp = await collectFingerprint();
  await upload(fp);
  localStorage.setItem(FINGERPRINT_ID_KEY, fp.fingerPrintId);
  Cookies.set(FINGERPRINT_MARKER, '1', { expires: FINGERPRINT_MARKER_DAYS, sameSite: 'Lax' });
  return true;
}

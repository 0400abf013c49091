import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { collectFingerprintOnce, FINGERPRINT_MARKER } from './fingerprint';

describe('device fingerprint', () => {
  beforeEach(() => {
    Cookies.remove(FINGERPRINT_MARKER);
    localStorage.clear();
  });

  it('uploads once, then skips while the marker cookie exists', async () => {
    const upload = vi.fn(async () => true);
    expect(await collectFingerprintOnce(upload)).toBe(true);
    expect(upload).toHaveBeenCalledTimes(1);
    const payload = (upload.mock.calls[0] as unknown as [Record<string, unknown>])[0];
    expect(payload.fingerPrintId).toMatch(/^[0-9a-f]{64}$/);
    expect(payload.ua).toBe(navigator.userAgent);
    expect(Cookies.get(FINGERPRINT_MARKER)).toBe('1');
    expect(await collectFingerprintOnce(upload)).toBe(false);
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('a failed upload sets no marker, so the next visit tries again', async () => {
    await expect(collectFingerprintOnce(async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(Cookies.get(FINGERPRINT_MARKER)).toBeUndefined();
  });
});

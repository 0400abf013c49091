import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { formatSize, refusalText } from './refusal';

describe('apps and files: sizes and refusals', () => {
  it('counts sizes in 1024s from kB on, as the limits are', () => {
    expect(formatSize(200 * 1024 * 1024, 'en')).toBe('200 MB');
    expect(formatSize(1536, 'en')).toBe('1.5 kB');
    expect(formatSize(5, 'en')).toBe('0.1 kB');
    expect(formatSize(0, 'en')).toBe('0 kB');
  });

  it('says each field error in the area’s words, with its detail, and falls back to what the server said', () => {
    const texts: Record<string, string> = {
      'phoneApps.errors.fileTooLarge': 'The file is larger than {{detail}}.',
      'phoneApps.errors.unknown': 'Something went wrong.',
    };
    const t = ((k: string, o?: { detail?: string }) =>
      (texts[k] ?? k).replace('{{detail}}', o?.detail ?? '')) as unknown as TFunction;
    const exists = (k: string) => k in texts;
    const tooLarge = new ApiError(10001, 'x', 413, true, 'x', [
      { field: 'body', key: 'fileTooLarge', detail: '200 MiB' },
    ]);
    expect(refusalText(t, exists, tooLarge)).toBe('The file is larger than 200 MiB.');
    const android = new ApiError(16041, 'x', 400, true, 'x', [
      { field: 'body.envIds.0', key: 'installOther', detail: 'Failure [INSTALL_FAILED_NO_SPACE]' },
    ]);
    expect(refusalText(t, exists, android)).toBe('Failure [INSTALL_FAILED_NO_SPACE]');
    expect(refusalText(t, exists, new Error('boom'))).toBe('Something went wrong.');
  });
});

import { NOTICE_TIMEOUT_MS } from '@facet/shared';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error';
import { notifyError } from '../../stores/notice';

/**
 * A refused app or file call in the user's words: each field error's key as `phoneApps.errors.<key>`
 * (`apkInvalid`, `fileTooLarge` with its limit, `phoneDisabled`, `adb.refused`, Android's own
 * `Failure […]` as the detail of `deviceRefused`), else what the server said.
 */
export function refusalText(t: TFunction, exists: (key: string) => boolean, e: unknown): string {
  if (!(e instanceof ApiError)) return t('phoneApps.errors.unknown');
  const parts = e.errors.map((x) =>
    exists(`phoneApps.errors.${x.key}`)
      ? t(`phoneApps.errors.${x.key}`, { detail: x.detail ?? '' })
      : x.detail || x.key,
  );
  return parts.length ? [...new Set(parts)].join('; ') : e.message || t('phoneApps.errors.unknown');
}

export const showRefusal = (t: TFunction, exists: (key: string) => boolean, e: unknown) =>
  notifyError(refusalText(t, exists, e), NOTICE_TIMEOUT_MS);

/** A size in the UI language's digits, counted in 1024s as the limits are (kB at least). */
export function formatSize(bytes: number, language: string): string {
  const units = ['kilobyte', 'megabyte', 'gigabyte'] as const;
  // A few bytes still read as something: 0.1 kB, not 0.
  let v = bytes > 0 ? Math.max(bytes / 1024, 0.1) : 0;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[i],
    unitDisplay: 'short',
    maximumFractionDigits: v < 10 ? 1 : 0,
  }).format(v);
}

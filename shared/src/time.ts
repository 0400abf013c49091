/**
 * Server times are stored in UTC and shown by the API as `YYYY-MM-DD HH:mm:ss` in China
 * Standard Time (UTC+8, no daylight saving); the console shows them in the user's time zone.
 */
const CST_OFFSET_MS = 8 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

export function formatCst(date: Date | number | string | null | undefined): string | null {
  if (date === null || date === undefined) return null;
  const d = new Date(new Date(date).getTime() + CST_OFFSET_MS);
  if (Number.isNaN(d.getTime())) return null;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(
    d.getUTCHours(),
  )}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Parses a CST `YYYY-MM-DD HH:mm:ss` string back to the UTC instant. */
export function parseCst(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - CST_OFFSET_MS);
}

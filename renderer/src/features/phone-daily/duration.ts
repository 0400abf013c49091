/**
 * Time on as people say it, in the UI language's own unit words: "1 hr 5 min", "45 min", "30 sec"
 * (Intl's short unit style, so no text of ours needs a plural).
 */
export function formatDuration(seconds: number, languageTag: string): string {
  const unit = (n: number, u: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(languageTag, { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return unit(s, 'second');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h === 0) return unit(m, 'minute');
  return m ? `${unit(h, 'hour')} ${unit(m, 'minute')}` : unit(h, 'hour');
}

/** YYYY-MM-DD of a day `back` days before `today` (a YYYY-MM-DD), for the default range. */
export function daysBefore(today: string, back: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}

/** Today's date in a time zone, YYYY-MM-DD. */
export const todayIn = (zone: string, now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

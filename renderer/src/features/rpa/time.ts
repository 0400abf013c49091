import { displayZone } from '../../lib/format';
import { useUserStore } from '../../stores/user';

/** `2026-11-27 10:00:05` in the user's time zone (the account's, else the browser's). */
export function timeIn(zone: string, iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The user's zone and a formatter of server times in it. */
export function useTimeText(): { zone: string; time: (iso: string | null | undefined) => string } {
  const zone = displayZone(useUserStore((s) => s.timezone));
  return { zone, time: (iso) => timeIn(zone, iso) };
}

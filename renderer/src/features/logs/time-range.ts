import { formatCst } from '@facet/shared';
import { displayZone } from '../../lib/format';

function zoneOffsetMs(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const p = (type: string) => Number(parts.find((x) => x.type === type)?.value ?? 0);
  return Date.UTC(p('year'), p('month') - 1, p('day'), p('hour'), p('minute'), p('second')) - instant;
}

/**
 * A wall-clock time typed in the user's time zone (`YYYY-MM-DDTHH:mm`, as a datetime-local
 * input gives it) as the server's CST text; '' when empty or malformed.
 */
export function zoneLocalToCst(local: string, zone?: string | null): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return '';
  const [y, mo, d, h, mi, s = 0] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s);
  const z = displayZone(zone);
  // Two passes: the offset at the guessed instant can differ from the one at the answer (DST).
  let instant = wall - zoneOffsetMs(wall, z);
  instant = wall - zoneOffsetMs(instant, z);
  return formatCst(instant) ?? '';
}

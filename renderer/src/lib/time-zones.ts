/**
 * The time-zone option of the console (§3: utcOffset, name, iana, label, value): what a picker
 * shows for each IANA zone the browser knows, in the user's language, ordered by offset.
 */
export interface TimeZoneOption {
  /** "+09:00", as UTC±hh:mm at `at`. */
  utcOffset: string;
  /** The zone's own name in the user's language ("Japan Standard Time", "Japanische Normalzeit"). */
  name: string;
  iana: string;
  /** "(UTC+09:00) Japan Standard Time — Asia/Tokyo": what the picker shows and searches. */
  label: string;
  /** What is stored: the IANA id. */
  value: string;
}

const zones = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
};

const part = (zone: string, locale: string, style: 'longOffset' | 'long', at: Date) =>
  new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value ?? '';

/** "GMT+09:00" / "GMT" (Intl's longOffset) as "+09:00" / "+00:00". */
const offsetOf = (zone: string, at: Date) => {
  const m = /([+-]\d{2}:\d{2})/.exec(part(zone, 'en-US', 'longOffset', at));
  return m?.[1] ?? '+00:00';
};
const minutes = (offset: string) => {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [h, m] = offset.slice(1).split(':').map(Number);
  return sign * ((h ?? 0) * 60 + (m ?? 0));
};

export function timeZoneOption(iana: string, locale: string, at = new Date()): TimeZoneOption {
  const utcOffset = offsetOf(iana, at);
  const name = part(iana, locale, 'long', at) || iana;
  return { utcOffset, name, iana, label: `(UTC${utcOffset}) ${name} — ${iana}`, value: iana };
}

/** Every zone the browser knows, west to east, then by name. */
export function timeZoneOptions(locale: string, at = new Date()): TimeZoneOption[] {
  return zones()
    .map((z) => timeZoneOption(z, locale, at))
    .sort((a, b) => minutes(a.utcOffset) - minutes(b.utcOffset) || a.name.localeCompare(b.name, locale));
}

import { IP_WHITELIST_MAX_ENTRIES, ipVersion, isIpWhitelistEntry } from '@facet/shared';

export interface ParsedIpList {
  /** Valid entries, trimmed, duplicates dropped, in the order typed. */
  entries: string[];
  /** Lines that are neither an address nor a CIDR range (1-based line numbers). */
  invalid: Array<{ line: number; text: string }>;
  tooMany: boolean;
}

/** One entry a line; blank lines and `#` comments are skipped. */
export function parseIpLines(text: string): ParsedIpList {
  const entries: string[] = [];
  const invalid: ParsedIpList['invalid'] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) return;
    if (!isIpWhitelistEntry(line)) invalid.push({ line: i + 1, text: line });
    else if (!entries.includes(line)) entries.push(line);
  });
  return { entries, invalid, tooMany: entries.length > IP_WHITELIST_MAX_ENTRIES };
}

/** An address as a big integer and its bit width, or null. */
function toBits(addr: string): { value: bigint; bits: number } | null {
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(addr);
  const text = v4mapped?.[1] ?? addr;
  const version = ipVersion(text);
  if (version === 4) {
    const value = text.split('.').reduce((acc, part) => (acc << 8n) + BigInt(Number(part)), 0n);
    return { value, bits: 32 };
  }
  if (version === 6) {
    // URL writes the address in its canonical form; expand `::` and a trailing dotted quad.
    let host = new URL(`http://[${text}]/`).hostname.slice(1, -1);
    const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
    if (quad) {
      const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
      host = host.replace(quad[0], `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`);
    }
    const [head = '', tail] = host.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
    const value = groups.reduce((acc, g) => (acc << 16n) + BigInt(Number.parseInt(g || '0', 16)), 0n);
    return { value, bits: 128 };
  }
  return null;
}

/** Whether an entry (address or CIDR range) holds the address; IPv4 and IPv6 never mix. */
export function entryHolds(entry: string, ip: string): boolean {
  const [net, prefixText] = entry.split('/') as [string, string | undefined];
  const a = toBits(net);
  const b = toBits(ip);
  if (!a || !b || a.bits !== b.bits) return false;
  const prefix = prefixText === undefined ? a.bits : Number(prefixText);
  const shift = BigInt(a.bits - prefix);
  return a.value >> shift === b.value >> shift;
}

/** An empty list lets every address in; otherwise some entry must hold it. */
export const listAllows = (entries: ReadonlyArray<string>, ip: string): boolean =>
  entries.length === 0 || entries.some((e) => entryHolds(e, ip));

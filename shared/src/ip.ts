/**
 * IP whitelist entries (docs/team.md, IP whitelist): an IPv4 or IPv6 address, or a CIDR range of either.
 * The syntax check lives here so the console's form and the server agree.
 */
const V4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const V6 = /^[0-9a-fA-F:.]+$/;

export function ipVersion(text: string): 4 | 6 | 0 {
  if (V4.test(text)) return 4;
  if (text.includes(':') && V6.test(text)) {
    // Let URL do the full IPv6 grammar: it accepts exactly the valid ones.
    try {
      new URL(`http://[${text}]/`);
      return 6;
    } catch {
      return 0;
    }
  }
  return 0;
}

/** An address or `address/prefix` (0-32 for IPv4, 0-128 for IPv6). */
export function isIpWhitelistEntry(text: string): boolean {
  const [addr, prefix, ...rest] = text.trim().split('/');
  if (rest.length || !addr) return false;
  const v = ipVersion(addr);
  if (!v) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v === 4 ? 32 : 128);
}

export const IP_WHITELIST_MAX_ENTRIES = 200;

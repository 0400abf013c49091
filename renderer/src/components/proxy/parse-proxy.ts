import { PROXY_AGREEMENT_TYPES, type ProxyAgreementType } from '@facet/shared';

/** What a pasted proxy line gives: the connection fields of a proxy configuration. */
export interface PastedProxy {
  /** Only when the text named a scheme; otherwise the form keeps its current type. */
  proxyType?: ProxyAgreementType;
  host: string;
  port: number;
  proxyUserName: string;
  proxyPassword: string;
}

/** Why a pasted line was refused: a key under `proxyFields.paste.` plus the offending part. */
export interface PasteError {
  error: 'empty' | 'format' | 'type' | 'host' | 'port';
  part: string;
}

const HOST_RE = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.\-_]+)$/;
const URL_RE = /^([a-z0-9]+):\/\/(?:([^:@]*)(?::([^@]*))?@)?(\[[^\]]+\]|[^:/@]+):([^/]+?)\/?$/i;
const AT_RE = /^([^:@]*)(?::([^@]*))?@(\[[^\]]+\]|[^:/@]+):(\S+)$/;

const decode = (s: string | undefined) => {
  try {
    return decodeURIComponent(s ?? '');
  } catch {
    return s ?? '';
  }
};

/**
 * The same line formats the server's batch add accepts — host:port, host:port:user:pass,
 * scheme://user:pass@host:port — plus user:pass@host:port, which providers' dashboards copy.
 */
export function parseProxyText(text: string): PastedProxy | PasteError {
  const t = text.trim();
  if (!t) return { error: 'empty', part: '' };
  let type: string | undefined;
  let host: string;
  let portText: string;
  let user = '';
  let pass = '';
  const url = URL_RE.exec(t);
  const at = url ? null : AT_RE.exec(t);
  if (url) {
    type = url[1]!.toLowerCase();
    user = decode(url[2]);
    pass = decode(url[3]);
    host = url[4]!;
    portText = url[5]!;
  } else if (at) {
    user = at[1] ?? '';
    pass = at[2] ?? '';
    host = at[3]!;
    portText = at[4]!;
  } else {
    const parts = t.split(':');
    if (parts.length !== 2 && parts.length !== 4) return { error: 'format', part: t };
    [host, portText, user = '', pass = ''] = parts as [string, string, string?, string?];
  }
  if (type !== undefined && !(PROXY_AGREEMENT_TYPES as readonly string[]).includes(type))
    return { error: 'type', part: type };
  if (!HOST_RE.test(host)) return { error: 'host', part: host };
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) return { error: 'port', part: portText };
  return {
    ...(type ? { proxyType: type as ProxyAgreementType } : {}),
    host,
    port,
    proxyUserName: user,
    proxyPassword: pass,
  };
}

export const isPasteError = (r: PastedProxy | PasteError): r is PasteError => 'error' in r;

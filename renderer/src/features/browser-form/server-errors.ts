/**
 * The server's 400 message names fields: `body.proxy.host: hostInvalid; body.name: nameSchema`
 * or `cookie: line 3: expected 7 tab-separated fields`. Splits it into field path → key or text,
 * so each shows at its field; what names no field stays under ''.
 */
export function fieldErrorsFromMessage(message: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of message.split('; ')) {
    const m = /^([A-Za-z][\w.[\]]*): (.+)$/s.exec(part.trim());
    if (!m) {
      out[''] = out[''] ? `${out['']}; ${part}` : part;
      continue;
    }
    const path = m[1]!.replace(/^body\.?/, '').replace(/\[(\d+)\]/g, '.$1');
    out[path] ??= m[2]!.trim();
  }
  return out;
}

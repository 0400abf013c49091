import { EXTENSION_MAX_BYTES } from '@facet/shared';

/** What the file input offers: Chrome extension packages. */
export const EXTENSION_FILE_ACCEPT = '.zip,.crx';

/**
 * Why a package was refused, by the rule keys the server writes in its 400 message
 * (`body.content: extensionManifestInvalid (manifest_version must be 2 or 3)`), plus the
 * console's own check of an empty file. Each has the text `extensions.uploadErrors.<rule>`.
 */
export const UPLOAD_RULES = [
  'extensionFileType',
  'extensionTooLarge',
  'extensionZipInvalid',
  'extensionManifestMissing',
  'extensionManifestInvalid',
  'extensionEmpty',
] as const;
export type UploadRule = (typeof UPLOAD_RULES)[number];

export interface UploadRefusal {
  rule: UploadRule;
  /** The server's detail (the part in parentheses), shown as it is; '' when none. */
  detail: string;
}

const isRule = (s: string): s is UploadRule => (UPLOAD_RULES as readonly string[]).includes(s);

/**
 * The first known rule in a server message; null when the message names none (a 500, a
 * permission refusal…), which is then shown as the http layer translated it. A body over the
 * route's limit (413 "request body too large") is the too-large rule.
 */
export function uploadRefusalOf(serverMessage: string, status?: number): UploadRefusal | null {
  for (const part of serverMessage.split('; ')) {
    const m = /^(?:body\.)?(?:content|fileName):\s*(\w+)(?:\s*\((.*)\))?\s*$/s.exec(part.trim());
    const rule = m?.[1];
    if (rule && isRule(rule)) return { rule, detail: (m?.[2] ?? '').trim() };
  }
  if (status === 413 || /request body too large/i.test(serverMessage)) return { rule: 'extensionTooLarge', detail: '' };
  return null;
}

/** The console's checks before a file is read (a refused file is never sent): name, size, not empty. */
export function checkBeforeUpload(file: { name: string; size: number }): UploadRefusal | null {
  // The server's own rules (extensionUploadBody): a .zip or .crx name, at most EXTENSION_MAX_BYTES.
  if (!/\.(zip|crx)$/i.test(file.name)) return { rule: 'extensionFileType', detail: '' };
  if (file.size > EXTENSION_MAX_BYTES) return { rule: 'extensionTooLarge', detail: '' };
  if (file.size === 0) return { rule: 'extensionEmpty', detail: '' };
  return null;
}

/** The refusal in the user's words: the rule's text, and the server's detail in parentheses. */
export function refusalText(t: (key: string, opts?: Record<string, unknown>) => string, r: UploadRefusal): string {
  const text = t(`extensions.uploadErrors.${r.rule}`, { max: EXTENSION_MAX_BYTES / 1024 / 1024 });
  return r.detail ? `${text} (${r.detail})` : text;
}

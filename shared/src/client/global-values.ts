import { z } from 'zod';

/**
 * The JSON inside the global values the desktop client applies when it opens a profile
 * (read with globalValueList). Each entry is parsed on its own: one bad entry is skipped, the
 * rest still apply.
 */
const webUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((u) => /^https?:\/\/[^\s/]+/i.test(u), 'urlInvalid');

/** `bookmarks`: the bookmark bar of every profile. `name` is accepted for `title`. */
export const bookmarkEntrySchema = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !('title' in v) && 'name' in v ? { ...v, title: (v as { name: unknown }).name } : v,
  z.object({ title: z.string().trim().max(500).default(''), url: webUrl }),
);
export type BookmarkEntry = z.infer<typeof bookmarkEntrySchema>;

/**
 * `websitesCredentials`: sign-in data filled in on matching sites. `site` is a host name
 * (`shop.example`, any scheme and port) or an origin/URL (`https://shop.example:8443`, that
 * origin only). `url`/`username` are accepted for `site`/`user`.
 */
export const websiteCredentialSchema = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    return { ...o, site: o.site ?? o.url, user: o.user ?? o.username };
  },
  z.object({
    site: z.string().trim().min(1, 'required').max(2048),
    user: z.string().max(500).default(''),
    password: z.string().max(500).default(''),
  }),
);
export type WebsiteCredential = z.infer<typeof websiteCredentialSchema>;

/** The valid entries of a global value's JSON (null, bad JSON or not an array: none). */
export function parseGlobalList<T>(json: string | null | undefined, entry: z.ZodType<T>): T[] {
  if (!json) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const r = entry.safeParse(item);
    return r.success ? [r.data] : [];
  });
}

/** The most rows a bookmarks or website-credentials value holds. */
export const GLOBAL_LIST_MAX_ROWS = 500;

/**
 * The console's settings values with a shape (docs/client.md, Console settings for the client):
 * globalValueSave refuses a value that breaks it, naming the row and field
 * (`body.globalValue.2.url`), so a bad row is caught before the client would skip it.
 * `phoneAutoPaste` is the viewer's starting state of auto paste (docs/phones.md).
 */
export const settingsGlobalValueSchemas = {
  bookmarks: z.array(bookmarkEntrySchema).max(GLOBAL_LIST_MAX_ROWS),
  websitesCredentials: z.array(websiteCredentialSchema).max(GLOBAL_LIST_MAX_ROWS),
  phoneAutoPaste: z.boolean(),
} as const;

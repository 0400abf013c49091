import { parseDocument, visit } from 'yaml';
import { z } from 'zod';

/**
 * The self-update feed (electron-updater's generic provider): one `latest*.yml` per platform,
 * written by electron-builder, read by the server (release notes, forced flag) and the client
 * (version, artifact, sha512). Shared so both read the same fields the same way.
 */

/** Our own key in latest*.yml: `x-facet-forced: true` makes the release a forced update (updateAvailable 2). */
export const FORCED_KEY = 'x-facet-forced';
/**
 * Our key for the oldest version that may keep running: a client below it gets this release as a
 * forced update, whatever `x-facet-forced` says (a release that fixes a hole in older ones).
 */
export const MINIMUM_VERSION_KEY = 'x-facet-minimum-version';
/** The request header that carries the desktop client's version, so the server can compare. */
export const CLIENT_VERSION_HEADER = 'x-facet-client-version';
/** The server serves the feed folder here (no API prefix: electron-updater fetches it plainly). */
export const UPDATES_PATH = '/updates';
export const FEED_FILES = ['latest.yml', 'latest-mac.yml', 'latest-linux.yml', 'latest-linux-arm64.yml'] as const;

/** The platforms a release has an installer for, in FEED_FILES order. */
export const RELEASE_PLATFORMS = ['windows', 'mac', 'linux', 'linux-arm64'] as const;
export type ReleasePlatform = (typeof RELEASE_PLATFORMS)[number];

/** The feed file electron-updater asks for on a platform (its channel file names). */
export function feedFileFor(platform: string, arch = 'x64'): (typeof FEED_FILES)[number] {
  if (platform === 'darwin') return 'latest-mac.yml';
  if (platform === 'linux') return arch === 'arm64' ? 'latest-linux-arm64.yml' : 'latest-linux.yml';
  return 'latest.yml';
}

// The messages complete "not an update feed: <field> …", which the server logs and the operator's releases screen shows.
const text = z.string({ error: (iss) => (iss.input === undefined ? 'is missing' : 'must be text') }).min(1, 'is empty');
const feedFileSchema = z.object({
  url: text,
  sha512: text,
  size: z.coerce.number().int().nonnegative().optional(),
});
const notesSchema = z
  .union([
    z.string(),
    z.array(z.union([z.string(), z.object({ version: z.string().optional(), note: z.string().nullish() })])),
  ])
  .optional();

export const releaseFeedSchema = z
  .object({
    version: text,
    files: z.array(feedFileSchema).default([]),
    path: z.string().optional(),
    sha512: z.string().optional(),
    releaseDate: z.string().optional(),
    releaseName: z.string().optional(),
    releaseNotes: notesSchema,
    [FORCED_KEY]: z.string().optional(),
    [MINIMUM_VERSION_KEY]: z.string().optional(),
  })
  .transform((f) => {
    const files = f.files.length || !f.path || !f.sha512 ? f.files : [{ url: f.path, sha512: f.sha512 }];
    return {
      version: f.version,
      files,
      releaseDate: f.releaseDate ?? null,
      releaseNotes: notesText(f.releaseNotes),
      forced: f[FORCED_KEY] === 'true',
      minimumVersion: f[MINIMUM_VERSION_KEY] || null,
    };
  });
export type ReleaseFeed = z.output<typeof releaseFeedSchema>;

function notesText(notes: z.infer<typeof notesSchema>): string {
  if (notes === undefined) return '';
  if (typeof notes === 'string') return notes.trim();
  return notes
    .map((n) => (typeof n === 'string' ? n : (n.note ?? '')))
    .join('\n')
    .trim();
}

/** Parses a latest*.yml; throws with the offending field named when it is not a feed. */
export function parseReleaseFeed(yml: string): ReleaseFeed {
  const r = releaseFeedSchema.safeParse(parseFeedYaml(yml));
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new Error(`not an update feed: ${issue?.path.join('.') || 'the document'} ${issue?.message ?? ''}`.trim());
  }
  return r.data;
}

/**
 * Semantic version order (major.minor.patch, a pre-release sorts before its release).
 * Negative when a < b. A leading `v` is ignored.
 */
export function compareVersions(a: string, b: string): number {
  const split = (v: string) => {
    const [core = '', pre] = v.trim().replace(/^v/i, '').split('+')[0]!.split(/-(.*)/s);
    return { nums: core.split('.').map((n) => Number(n) || 0), pre: pre ?? '' };
  };
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < Math.max(x.nums.length, y.nums.length, 3); i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (!x.pre) return 1;
  if (!y.pre) return -1;
  const px = x.pre.split('.');
  const py = y.pre.split('.');
  for (let i = 0; i < Math.max(px.length, py.length); i++) {
    const [p, q] = [px[i], py[i]];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    const [np, nq] = [Number(p), Number(q)];
    const d = Number.isInteger(np) && Number.isInteger(nq) ? np - nq : p.localeCompare(q);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/**
 * What a release means to a client at `current`: 0 none, 1 an update, 2 a forced update (the
 * release is forced, or the client is older than its minimum version).
 */
export function updateLevel(current: string | null | undefined, release: ReleaseFeed | null): 0 | 1 | 2 {
  if (!current || !release || compareVersions(release.version, current) <= 0) return 0;
  const belowMinimum = release.minimumVersion !== null && compareVersions(current, release.minimumVersion) < 0;
  return release.forced || belowMinimum ? 2 : 1;
}

/** upgradeContent from release notes (text, Markdown or HTML): one change per line. */
export function releaseNoteLines(notes: string): string {
  return notes
    .replace(/<\/(p|li|h\d)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/^(?:[-*+]|\d+[.)])\s+/, ''))
    .filter((l) => l && !l.startsWith('#'))
    .join('\n');
}

// ---- reading latest*.yml ---------------------------------------------------------------------

export type YamlValue = string | YamlValue[] | { [key: string]: YamlValue };

/**
 * Reads a latest*.yml with the YAML failsafe schema: every scalar stays a string (so `7.10` is not
 * the number 7.1, `true` is the text the forced key compares); the feed schema converts. A plain
 * `~` or `null` reads as empty text, as an absent value would.
 */
export function parseFeedYaml(source: string): YamlValue {
  const doc = parseDocument(source, { schema: 'failsafe' });
  const error = doc.errors[0];
  if (error) throw new Error(`YAML: ${error.message}`);
  visit(doc, {
    Scalar(_, node) {
      if (node.type === 'PLAIN' && (node.value === '~' || node.value === 'null')) node.value = '';
    },
  });
  return (doc.toJS() as YamlValue | null) ?? {};
}

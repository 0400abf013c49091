import { z } from 'zod';

/**
 * The self-update feed (electron-updater's generic provider): one `latest*.yml` per platform,
 * written by electron-builder, read by the server (release notes, forced flag) and the client
 * (version, artifact, sha512). Shared so both read the same fields the same way.
 */

/** Our own key in latest*.yml: `x-facet-forced: true` makes the release a forced update (updateAvailable 2). */
export const FORCED_KEY = 'x-facet-forced';
/** The request header that carries the desktop client's version, so the server can compare. */
export const CLIENT_VERSION_HEADER = 'x-facet-client-version';
/** The server serves the feed folder here (no API prefix: electron-updater fetches it plainly). */
export const UPDATES_PATH = '/updates';
export const FEED_FILES = ['latest.yml', 'latest-mac.yml', 'latest-linux.yml', 'latest-linux-arm64.yml'] as const;

/** The feed file electron-updater asks for on a platform (its channel file names). */
export function feedFileFor(platform: string, arch = 'x64'): (typeof FEED_FILES)[number] {
  if (platform === 'darwin') return 'latest-mac.yml';
  if (platform === 'linux') return arch === 'arm64' ? 'latest-linux-arm64.yml' : 'latest-linux.yml';
  return 'latest.yml';
}

const text = z.string().min(1);
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
  })
  .transform((f) => {
    const files = f.files.length || !f.path || !f.sha512 ? f.files : [{ url: f.path, sha512: f.sha512 }];
    return {
      version: f.version,
      files,
      releaseDate: f.releaseDate ?? null,
      releaseNotes: notesText(f.releaseNotes),
      forced: f[FORCED_KEY] === 'true',
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
  const r = releaseFeedSchema.safeParse(parseSimpleYaml(yml));
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new Error(`not an update feed: ${issue?.path.join('.') || 'document'} ${issue?.message ?? ''}`.trim());
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

/** What a release means to a client at `current`: 0 none, 1 an update, 2 a forced update. */
export function updateLevel(current: string | null | undefined, release: ReleaseFeed | null): 0 | 1 | 2 {
  if (!current || !release || compareVersions(release.version, current) <= 0) return 0;
  return release.forced ? 2 : 1;
}

/** §3 upgradeContent from release notes (text, Markdown or HTML): one change per line. */
export function releaseNoteLines(notes: string): string {
  return notes
    .replace(/<\/(p|li|h\d)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/^(?:[-*+]|\d+[.)])\s+/, ''))
    .filter((l) => l && !l.startsWith('#'))
    .join('\n');
}

// ---- the YAML subset electron-builder writes ------------------------------------------------

export type YamlValue = string | YamlValue[] | { [key: string]: YamlValue };
interface Line {
  indent: number;
  text: string;
  raw: string;
}

/**
 * Reads the block YAML of latest*.yml: mappings, sequences (of scalars or mappings), plain and
 * quoted scalars, `|`/`>` block scalars, comments. Every scalar stays a string (so `7.10` is not
 * the number 7.1); the schema converts. Anchors, flow collections and tags are not needed there.
 */
export function parseSimpleYaml(source: string): YamlValue {
  const raw = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  let i = 0;
  const isContent = (s: string) => s.trim() !== '' && !s.trimStart().startsWith('#') && s.trim() !== '---';
  const peek = (): Line | null => {
    while (i < raw.length && !isContent(raw[i]!)) i++;
    if (i >= raw.length) return null;
    const r = raw[i]!;
    const indent = r.length - r.trimStart().length;
    return { indent, text: r.trim(), raw: r };
  };

  const blockScalar = (header: string, parentIndent: number): string => {
    const lines: string[] = [];
    let indent = -1;
    while (i < raw.length) {
      const r = raw[i]!;
      const ind = r.length - r.trimStart().length;
      if (r.trim() !== '' && ind <= parentIndent) break;
      if (r.trim() !== '' && indent < 0) indent = ind;
      lines.push(r);
      i++;
    }
    const body = lines.map((l) => l.slice(Math.max(indent, 0)));
    while (body.length && body[body.length - 1]!.trim() === '') body.pop();
    const joined = header.startsWith('>')
      ? body.reduce((acc, l, k) => (k === 0 ? l : acc + (l === '' || body[k - 1] === '' ? '\n' : ' ') + l), '')
      : body.join('\n');
    if (header.includes('-')) return joined;
    return `${joined}\n`;
  };

  const valueAfterKey = (rest: string, indent: number): YamlValue => {
    if (rest === '') {
      const next = peek();
      if (next && (next.indent > indent || (next.indent === indent && next.text.startsWith('- '))))
        return block(next.indent);
      return '';
    }
    if (/^[|>][-+]?\d*$/.test(rest)) return blockScalar(rest, indent);
    return scalar(rest);
  };

  const mapping = (indent: number, first?: string): Record<string, YamlValue> => {
    const out: Record<string, YamlValue> = {};
    let pending = first;
    for (;;) {
      let textLine: string;
      if (pending !== undefined) {
        textLine = pending;
        pending = undefined;
      } else {
        const l = peek();
        if (!l || l.indent !== indent || l.text.startsWith('- ') || l.text === '-') break;
        textLine = l.text;
      }
      i++;
      const m = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^:#][^:]*?)\s*:(?:\s+(.*))?$/.exec(textLine);
      if (!m) throw new Error(`YAML: cannot read line ${i}: ${textLine}`);
      out[scalar(m[1]!)] = valueAfterKey(stripComment(m[2] ?? ''), indent);
    }
    return out;
  };

  const sequence = (indent: number): YamlValue[] => {
    const out: YamlValue[] = [];
    for (;;) {
      const l = peek();
      if (!l || l.indent !== indent || !(l.text.startsWith('- ') || l.text === '-')) break;
      const rest = l.text.slice(1).trimStart();
      if (rest === '') {
        i++;
        const next = peek();
        out.push(next && next.indent > indent ? block(next.indent) : '');
      } else if (/^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^:#'"][^:]*?)\s*:(\s|$)/.test(rest)) {
        // "- key: value" opens a mapping whose keys sit where "key" starts.
        out.push(mapping(indent + (l.text.length - rest.length), rest));
      } else {
        i++;
        out.push(scalar(rest));
      }
    }
    return out;
  };

  function block(indent: number): YamlValue {
    const l = peek();
    if (!l) return '';
    return l.text.startsWith('- ') || l.text === '-' ? sequence(indent) : mapping(indent);
  }

  const first = peek();
  return first ? block(first.indent) : {};
}

function stripComment(s: string): string {
  if (s.startsWith('"') || s.startsWith("'")) return s;
  return s.replace(/\s+#.*$/, '').trim();
}

function scalar(s: string): string {
  const t = stripComment(s.trim());
  if (t.startsWith("'") && t.endsWith("'") && t.length >= 2) return t.slice(1, -1).replace(/''/g, "'");
  if (t.startsWith('"') && t.endsWith('"') && t.length >= 2) {
    try {
      return JSON.parse(t) as string;
    } catch {
      return t.slice(1, -1);
    }
  }
  if (t === '~' || t === 'null') return '';
  return t;
}

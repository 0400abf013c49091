import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Fingerprint } from '@facet/shared';

/**
 * A profile's own fontconfig file on Linux (FONTCONFIG_FILE in the browser's environment), so a
 * profile that claims Windows, macOS, Android or iOS does not show the Linux host's fonts by name
 * and does show the claimed system's fonts where the host has a metric-compatible substitute.
 *
 * How Chromium on Linux decides that a named font exists: Blink asks Skia's fontconfig interface
 * (SkFontConfigInterfaceDirect::matchFamilyName, in the browser's font service) for the family;
 * fontconfig always returns *some* font, and Skia accepts it only when one of the font's family
 * names equals the requested name, or equals the first family left in the pattern after
 * fontconfig's substitutions, or both names are in one of Skia's hard-coded metric classes
 * (Arial/Arimo/Liberation Sans, Times New Roman/Tinos/Liberation Serif, Courier New/Cousine/
 * Liberation Mono, Calibri/Carlito, Cambria/Caladea, Symbol and the CJK ones). Otherwise Blink
 * goes on to the next family of the CSS list: that is what a width probe
 * (`font-family: "X", monospace` against `monospace` alone) sees as "absent".
 *
 * What the file does (measured with Chromium 156 and fontconfig 2.14 on Debian 12; see
 * fontconfig.integration.test.ts):
 * - Renames the host's metric-compatible substitutes when fonts are scanned (`target="scan"`):
 *   Liberation Sans becomes "Arial" for a profile that claims Arial, with Windows-style full and
 *   PostScript names ("Arial Bold", "Arial-BoldMT"), so `font-family: Arial` and
 *   `src: local("Arial")` find it, and "Liberation Sans" no longer names anything.
 * - Takes every name away from each host font none of whose families is in the profile's list
 *   (the family becomes the empty string, which Skia never accepts for a named request; full and
 *   PostScript names are deleted, so `local(" ")` finds nothing either): DejaVu, Liberation, Noto,
 *   WenQuanYi and the rest measure absent, for `font-family` and for `local()`. The files stay in
 *   fontconfig's set, so characters the claimed fonts lack (CJK, symbols) still fall back to them
 *   and the generic families (sans-serif, serif, monospace, system-ui) still resolve.
 * - Sends a request for a name in one of Skia's metric classes that the profile does not claim
 *   (e.g. "Liberation Sans" once it is "Arial") to a nameless font, so Skia's class rule does not
 *   accept the renamed font for it.
 * - Lists the system's font folders itself with a salt (`<dir salt>`), keeps its cache in
 *   `cacheDir` and does not include /etc/fonts/fonts.conf: fontconfig takes a folder's valid cache
 *   from any cache folder it knows, and the system's caches hold the unrenamed names. The
 *   system's rendering rules (/etc/fonts/conf.d: hinting, aliases, generic-family preferences)
 *   are included.
 *
 * What it cannot do:
 * - Show a claimed font the host has no substitute for (Segoe UI, Tahoma, Verdana, Consolas…
 *   on a stock Linux): it measures absent, as on a machine without it. Only the pairs in
 *   METRIC_SUBSTITUTES are renamed, and only when the host has the substitute; a substitute
 *   renders with its own glyph shapes, so canvas pixels still differ from the real font's.
 * - Blink itself falls back from "Helvetica" to "Arial", "Times" to "Times New Roman" and
 *   "Courier" to "Courier New" (and back): those measure present whenever their pair does, as in
 *   Chrome on Windows.
 * - Hide the host fonts' glyphs: text in a script the claimed fonts lack is drawn with a host
 *   font, whose widths a page can measure (it cannot ask for it by name).
 * - The generic families are the host's choice among the remaining fonts (monospace is the
 *   renamed Liberation Mono, "Courier New", when the profile claims Courier New), not the claimed
 *   system's (Consolas, Menlo).
 * - A host that has the real font and its substitute shows both under one name; fontconfig picks
 *   one of them.
 * - Font folders that the system lists outside /etc/fonts/fonts.conf (in a file it includes, as
 *   NixOS does) are not scanned with these rules; a cache folder listed by a user's own file
 *   (~/.config/fontconfig, included through conf.d) is harmless: the salt keeps the caches apart.
 * - Skia's metric classes are copied from its source (SkFontConfigInterface_direct.cpp); a class
 *   a later Skia adds would let a request for its unclaimed names find a claimed member.
 *
 * Cost: the first launch with a new list scans the host's font files once into the cache (39
 * files here: about 15 ms); later launches read the cache. Launch to first measured text took
 * the same time with and without the file (about 0.7 to 1 s, within the noise of this machine).
 */

type ClaimedOs = Fingerprint['os'];

/** Common fonts of each system: what a profile claims when its list is empty. */
export const DEFAULT_FONTS: Record<ClaimedOs, readonly string[]> = {
  windows: [
    'Arial',
    'Arial Black',
    'Bahnschrift',
    'Calibri',
    'Cambria',
    'Cambria Math',
    'Candara',
    'Comic Sans MS',
    'Consolas',
    'Constantia',
    'Corbel',
    'Courier New',
    'Ebrima',
    'Franklin Gothic Medium',
    'Gabriola',
    'Gadugi',
    'Georgia',
    'Impact',
    'Ink Free',
    'Javanese Text',
    'Leelawadee UI',
    'Lucida Console',
    'Lucida Sans Unicode',
    'Malgun Gothic',
    'Marlett',
    'Microsoft Himalaya',
    'Microsoft JhengHei',
    'Microsoft New Tai Lue',
    'Microsoft PhagsPa',
    'Microsoft Sans Serif',
    'Microsoft Tai Le',
    'Microsoft YaHei',
    'Microsoft Yi Baiti',
    'MingLiU-ExtB',
    'Mongolian Baiti',
    'MS Gothic',
    'MV Boli',
    'Myanmar Text',
    'Nirmala UI',
    'Palatino Linotype',
    'Segoe MDL2 Assets',
    'Segoe Print',
    'Segoe Script',
    'Segoe UI',
    'Segoe UI Emoji',
    'Segoe UI Historic',
    'Segoe UI Symbol',
    'SimSun',
    'Sitka Text',
    'Sylfaen',
    'Symbol',
    'Tahoma',
    'Times New Roman',
    'Trebuchet MS',
    'Verdana',
    'Webdings',
    'Wingdings',
    'Yu Gothic',
  ],
  macos: [
    'American Typewriter',
    'Andale Mono',
    'Apple Chancery',
    'Apple Color Emoji',
    'Apple SD Gothic Neo',
    'Arial',
    'Arial Black',
    'Arial Narrow',
    'Arial Rounded MT Bold',
    'Arial Unicode MS',
    'Avenir',
    'Avenir Next',
    'Baskerville',
    'Big Caslon',
    'Bradley Hand',
    'Brush Script MT',
    'Chalkboard',
    'Chalkboard SE',
    'Charter',
    'Cochin',
    'Comic Sans MS',
    'Copperplate',
    'Courier',
    'Courier New',
    'Didot',
    'Futura',
    'Geneva',
    'Georgia',
    'Gill Sans',
    'Helvetica',
    'Helvetica Neue',
    'Herculanum',
    'Hiragino Sans',
    'Hoefler Text',
    'Impact',
    'Lucida Grande',
    'Luminari',
    'Marker Felt',
    'Menlo',
    'Monaco',
    'Noteworthy',
    'Optima',
    'Palatino',
    'Papyrus',
    'PingFang SC',
    'Rockwell',
    'Skia',
    'Snell Roundhand',
    'Tahoma',
    'Times',
    'Times New Roman',
    'Trebuchet MS',
    'Verdana',
    'Zapfino',
  ],
  linux: [],
  android: [
    'Roboto',
    'Noto Sans',
    'Noto Serif',
    'Noto Color Emoji',
    'Droid Sans Mono',
    'Cutive Mono',
    'Coming Soon',
    'Dancing Script',
    'Carrois Gothic SC',
    'Noto Sans CJK SC',
  ],
  ios: [
    'American Typewriter',
    'Apple Color Emoji',
    'Apple SD Gothic Neo',
    'Arial',
    'Avenir',
    'Avenir Next',
    'Baskerville',
    'Chalkboard SE',
    'Copperplate',
    'Courier',
    'Courier New',
    'Didot',
    'Futura',
    'Georgia',
    'Gill Sans',
    'Helvetica',
    'Helvetica Neue',
    'Hiragino Sans',
    'Hoefler Text',
    'Marker Felt',
    'Menlo',
    'Noteworthy',
    'Optima',
    'Palatino',
    'PingFang SC',
    'Snell Roundhand',
    'Times New Roman',
    'Trebuchet MS',
    'Verdana',
    'Zapfino',
  ],
};

/**
 * Free fonts with the same advance widths as a claimed font (same text, same width): the host's
 * copy is shown under the claimed name. Keys and values as fonts name themselves.
 */
export const METRIC_SUBSTITUTES: Readonly<Record<string, readonly string[]>> = {
  Arial: ['Liberation Sans', 'Arimo'],
  Helvetica: ['Liberation Sans', 'Arimo'],
  'Arial Narrow': ['Liberation Sans Narrow'],
  'Times New Roman': ['Liberation Serif', 'Tinos'],
  Times: ['Liberation Serif', 'Tinos'],
  'Courier New': ['Liberation Mono', 'Cousine'],
  Courier: ['Liberation Mono', 'Cousine'],
  Calibri: ['Carlito'],
  Cambria: ['Caladea'],
  Georgia: ['Gelasio'],
  'Segoe UI': ['Selawik'],
  'Comic Sans MS': ['Comic Relief'],
  'Palatino Linotype': ['TeX Gyre Pagella', 'P052'],
  Palatino: ['TeX Gyre Pagella', 'P052'],
  'Book Antiqua': ['TeX Gyre Pagella', 'P052'],
  'Century Schoolbook': ['TeX Gyre Schola', 'C059'],
  'Bookman Old Style': ['TeX Gyre Bonum', 'URW Bookman'],
  // Menlo is Apple's edit of DejaVu Sans Mono: the same advance widths.
  Menlo: ['DejaVu Sans Mono'],
  'MS Gothic': ['IPAGothic'],
  'MS PGothic': ['IPAPGothic'],
  'MS Mincho': ['IPAMincho'],
  'MS PMincho': ['IPAPMincho'],
};

/**
 * Skia's metric classes (SkFontConfigInterface_direct.cpp, GetFontEquivClass): a font with any
 * name of a class is accepted for a request for any other name of it.
 */
const SKIA_CLASS_NAMES = [
  'Arial',
  'Arimo',
  'Liberation Sans',
  'Times New Roman',
  'Tinos',
  'Liberation Serif',
  'Courier New',
  'Cousine',
  'Liberation Mono',
  'Symbol',
  'Symbol Neu',
  'MS PGothic',
  'ＭＳ Ｐゴシック',
  'Noto Sans CJK JP',
  'IPAPGothic',
  'MotoyaG04Gothic',
  'MS Gothic',
  'ＭＳ ゴシック',
  'Noto Sans Mono CJK JP',
  'IPAGothic',
  'MotoyaG04GothicMono',
  'MS PMincho',
  'ＭＳ Ｐ明朝',
  'Noto Serif CJK JP',
  'IPAPMincho',
  'MotoyaG04Mincho',
  'MS Mincho',
  'ＭＳ 明朝',
  'IPAMincho',
  'MotoyaG04MinchoMono',
  'Simsun',
  '宋体',
  'Noto Serif CJK SC',
  'MSung GB18030',
  'Song ASC',
  'NSimsun',
  '新宋体',
  'N Song ASC',
  'Simhei',
  '黑体',
  'Noto Sans CJK SC',
  'MYingHeiGB18030',
  'MYingHeiB5HK',
  'PMingLiU',
  '新細明體',
  'Noto Serif CJK TC',
  'MSung B5HK',
  'MingLiU',
  '細明體',
  'PMingLiU_HKSCS',
  '新細明體_HKSCS',
  'MingLiU_HKSCS',
  '細明體_HKSCS',
  'Cambria',
  'Caladea',
  'Calibri',
  'Carlito',
];

/** Full names and PostScript names of the four styles (regular, bold, italic, bold italic). */
type Styles = readonly [regular: string, bold: string, italic: string, boldItalic: string];
const STYLE_NAMES: Readonly<Record<string, { full: Styles; ps: Styles }>> = {
  Arial: {
    full: ['Arial', 'Arial Bold', 'Arial Italic', 'Arial Bold Italic'],
    ps: ['ArialMT', 'Arial-BoldMT', 'Arial-ItalicMT', 'Arial-BoldItalicMT'],
  },
  'Times New Roman': {
    full: ['Times New Roman', 'Times New Roman Bold', 'Times New Roman Italic', 'Times New Roman Bold Italic'],
    ps: ['TimesNewRomanPSMT', 'TimesNewRomanPS-BoldMT', 'TimesNewRomanPS-ItalicMT', 'TimesNewRomanPS-BoldItalicMT'],
  },
  'Courier New': {
    full: ['Courier New', 'Courier New Bold', 'Courier New Italic', 'Courier New Bold Italic'],
    ps: ['CourierNewPSMT', 'CourierNewPS-BoldMT', 'CourierNewPS-ItalicMT', 'CourierNewPS-BoldItalicMT'],
  },
  Helvetica: {
    full: ['Helvetica', 'Helvetica Bold', 'Helvetica Oblique', 'Helvetica Bold Oblique'],
    ps: ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'],
  },
  Times: {
    full: ['Times Roman', 'Times Bold', 'Times Italic', 'Times Bold Italic'],
    ps: ['Times-Roman', 'Times-Bold', 'Times-Italic', 'Times-BoldItalic'],
  },
  Courier: {
    full: ['Courier', 'Courier Bold', 'Courier Oblique', 'Courier Bold Oblique'],
    ps: ['Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique'],
  },
};

function styleNames(name: string, style: 0 | 1 | 2 | 3): { full: string; ps: string } {
  const known = STYLE_NAMES[name];
  if (known) return { full: known.full[style], ps: known.ps[style] };
  const suffix = (['', 'Bold', 'Italic', 'Bold Italic'] as const)[style];
  return {
    full: suffix ? `${name} ${suffix}` : name,
    ps: `${name.replace(/\s+/g, '')}${suffix ? `-${suffix.replace(' ', '')}` : ''}`,
  };
}

/** As fontconfig compares family names: ignoring case and blanks. */
const familyKey = (name: string) => name.toLowerCase().replace(/\s+/g, '');

/** Characters XML 1.0 cannot carry at all, escaped or not. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it finds
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Text for an XML element or attribute: every markup character escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

/** A request's family is replaced by this name, which no font has, and then the nameless fonts. */
const NO_SUCH_FAMILY = 'no-such-family-1b7e';

/**
 * The family names a profile claims: its list, or the system's defaults when the list is empty;
 * trimmed, without duplicates (as fontconfig compares them), without names XML cannot carry.
 */
export function claimedFonts(os: ClaimedOs, fonts: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of fonts.length ? fonts : DEFAULT_FONTS[os]) {
    const name = raw.trim();
    const key = familyKey(name);
    if (!key || NOT_XML.test(name) || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

export interface FontconfigXmlInput {
  os: ClaimedOs;
  fonts: readonly string[];
  /** Absolute folder for fontconfig's cache. */
  cacheDir: string;
  /** The system's font folders, as `<dir>` elements copied from its fonts.conf. */
  fontDirs?: readonly string[];
  /** The system's rule folder (hinting, aliases, generic families). */
  confD?: string;
}

const DEFAULT_FONT_DIRS = [
  '<dir>/usr/share/fonts</dir>',
  '<dir>/usr/local/share/fonts</dir>',
  '<dir prefix="xdg">fonts</dir>',
  '<dir>~/.fonts</dir>',
];

const str = (s: string) => `<string>${escapeXml(s)}</string>`;

/** The rules for a claimed list, without the folders: what the salt and the cache depend on. */
function rules(os: ClaimedOs, fonts: readonly string[]): string[] {
  const claimed = claimedFonts(os, fonts);
  const has = new Set(claimed.map(familyKey));
  const lines: string[] = [];

  // Requests for a Skia class name the profile does not claim: to a name nothing has, then to the
  // nameless fonts, so neither fontconfig nor Skia's class rule finds the renamed substitute.
  lines.push('  <!-- Names of metric classes the profile does not claim: never a font. -->');
  for (const name of SKIA_CLASS_NAMES) {
    if (has.has(familyKey(name))) continue;
    lines.push(
      '  <match target="pattern">',
      `    <test name="family" qual="first">${str(name)}</test>`,
      `    <edit name="family" mode="assign_replace" binding="strong">${str(NO_SUCH_FAMILY)}${str('')}</edit>`,
      '  </match>',
    );
  }

  // Substitutes (not claimed themselves) and the claimed names they stand for.
  const substitutes = new Map<string, { name: string; claims: string[] }>();
  for (const claim of claimed) {
    const entry = Object.entries(METRIC_SUBSTITUTES).find(([k]) => familyKey(k) === familyKey(claim));
    for (const sub of entry?.[1] ?? []) {
      if (has.has(familyKey(sub))) continue;
      const s = substitutes.get(familyKey(sub)) ?? { name: sub, claims: [] };
      s.claims.push(entry![0]);
      substitutes.set(familyKey(sub), s);
    }
  }
  const scan: string[] = [];
  for (const { name, claims } of substitutes.values()) {
    for (const style of [0, 1, 2, 3] as const) {
      const bold = style === 1 || style === 3;
      const italic = style >= 2;
      const names = claims.map((c) => styleNames(c, style));
      scan.push(
        '  <match target="scan">',
        `    <test name="family">${str(name)}</test>`,
        `    <test name="weight" compare="${bold ? 'more_eq' : 'less'}"><int>200</int></test>`,
        `    <test name="slant" compare="${italic ? 'more' : 'eq'}"><int>0</int></test>`,
        `    <edit name="fullname" mode="assign_replace">${names.map((n) => str(n.full)).join('')}</edit>`,
        `    <edit name="postscriptname" mode="assign_replace">${names.map((n) => str(n.ps)).join('')}</edit>`,
        '  </match>',
      );
    }
    scan.push(
      '  <match target="scan">',
      `    <test name="family">${str(name)}</test>`,
      `    <edit name="family" mode="assign_replace" binding="strong">${claims.map(str).join('')}</edit>`,
      '  </match>',
    );
  }

  // Every other font without a claimed family loses its names.
  scan.push('  <!-- Fonts the profile does not claim: no name at all. -->', '  <match target="scan">');
  for (const name of claimed) scan.push(`    <test name="family" qual="all" compare="not_eq">${str(name)}</test>`);
  scan.push(
    `    <edit name="family" mode="assign_replace" binding="strong">${str('')}</edit>`,
    '    <edit name="fullname" mode="delete_all"/>',
    '    <edit name="postscriptname" mode="delete_all"/>',
    '  </match>',
  );
  return [...lines, '__CONF_D__', ...scan];
}

/** The profile's fonts.conf. Pure: the same input gives the same text. */
export function fontconfigXml(o: FontconfigXmlInput): string {
  const body = rules(o.os, o.fonts);
  const salt = createHash('sha256').update(body.join('\n')).digest('hex').slice(0, 16);
  const dirs = (o.fontDirs?.length ? o.fontDirs : DEFAULT_FONT_DIRS).map((d) =>
    d.replace(/^<dir\b/, `<dir salt="${salt}"`),
  );
  const confD = o.confD ?? '/etc/fonts/conf.d';
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<!-- Written by Facet for one profile at each launch: edits are lost. -->',
    '<fontconfig>',
    `  <cachedir>${escapeXml(o.cacheDir)}</cachedir>`,
    ...dirs.map((d) => `  ${d}`),
    ...body.map((l) => (l === '__CONF_D__' ? `  <include ignore_missing="yes">${escapeXml(confD)}</include>` : l)),
    '</fontconfig>',
    '',
  ].join('\n');
}

const SYSTEM_FONTS_CONF = '/etc/fonts/fonts.conf';

/** The `<dir>` elements of the system's fonts.conf (attributes and all), or none. */
async function systemFontDirs(file = SYSTEM_FONTS_CONF): Promise<string[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const live = text.replace(/<!--[\s\S]*?-->/g, '');
  return [...live.matchAll(/<dir\b(?:\s+(?:prefix|salt)="[^"<>&]*")*\s*>[^<>]*<\/dir>/g)].map((m) =>
    m[0].replace(/\s+salt="[^"]*"/, ''),
  );
}

export interface ProfileFontconfigOptions {
  /** The profile's data folder: fonts.conf goes there (created when missing). */
  dir: string;
  os: ClaimedOs;
  /** The families the profile claims; empty: the claimed system's common fonts. */
  fonts: string[];
  platform?: NodeJS.Platform;
  /**
   * Where fontconfig keeps its cache: default `<dir>/fontconfig-cache`. A folder shared by
   * profiles works too (each claimed list has its own salted cache files in it).
   */
  cacheDir?: string;
}

/**
 * Writes the profile's fonts.conf and returns the environment that makes the browser use it;
 * null where it does not apply (not Linux, or a profile that claims Linux: the host's own fonts
 * are then the right ones).
 */
export async function profileFontconfig(o: ProfileFontconfigOptions): Promise<{ env: Record<string, string> } | null> {
  if ((o.platform ?? process.platform) !== 'linux' || o.os === 'linux') return null;
  const dir = resolve(o.dir);
  const cacheDir = resolve(o.cacheDir ?? join(dir, 'fontconfig-cache'));
  await mkdir(dir, { recursive: true });
  const xml = fontconfigXml({ os: o.os, fonts: o.fonts, cacheDir, fontDirs: await systemFontDirs() });
  const file = join(dir, 'fonts.conf');
  const old = await readFile(file, 'utf8').catch(() => null);
  if (old !== xml) {
    // A private cache folder holds only this profile's files: the old list's ones go.
    if (old !== null && !o.cacheDir) await rm(cacheDir, { recursive: true, force: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, xml);
    await rename(tmp, file);
  }
  await mkdir(cacheDir, { recursive: true });
  return { env: { FONTCONFIG_FILE: file } };
}

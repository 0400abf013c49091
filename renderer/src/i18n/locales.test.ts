import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { localeFiles, type Messages, mergeLocale } from './messages';

type Tree = { [k: string]: string | Tree };
const here = join(import.meta.dirname);
const src = join(here, '..');

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );
const localeDir = join(here, 'locales');
const allLocalePaths = readdirSync(localeDir, { recursive: true, encoding: 'utf8' })
  .filter((p) => p.endsWith('.json'))
  .map((p) => `locales/${p}`);
const readJson = (p: string) => JSON.parse(readFileSync(join(here, p), 'utf8')) as Messages;
const load = (lng: string) => {
  const { core, areas } = localeFiles(allLocalePaths, lng);
  const areaTrees = Object.fromEntries(Object.entries(areas).map(([a, p]) => [a, readJson(p)]));
  return flatten(mergeLocale(readJson(core!), areaTrees) as Tree);
};

/**
 * Values that are the same in English and another language on purpose: names, units,
 * format-only strings. Kept short, so a copied English text does not pass as a translation.
 */
const SAME_AS_ENGLISH_ALLOWED = new Set(['common.ok', 'menu.dashboard', 'profile.userId', 'form.countryCode']);
/** Words that are the ordinary word in one language and happen to be English too. */
const SAME_AS_ENGLISH_IN: Record<string, ReadonlySet<string>> = {
  de: new Set(['profile.roleAdmin']),
  es: new Set(['menu.roles']),
  fr: new Set(['menu.extensions', 'browser.batch.extensions']),
  it: new Set(['login.password', 'register.password']),
};
/**
 * Names and technical terms that stay in English in every language; a value made only of
 * these (plus digits and punctuation) may equal the English one.
 */
const ENGLISH_TERMS =
  /\b(Facet|OK|ID|API|URL|IP|IPv4|IPv6|CIDR|WebGL|WebRTC|Canvas|AudioContext|ClientRects|MAC|UA|User-Agent|CPU|RAM|GPU|HTTP|HTTPS|SOCKS5|SSH|TOTP|2FA|SMS|JSON|CSV|XLSX|Netscape|Cookie-Editor|EditThisCookie|Google Authenticator|DNT|Chrome|Chromium|Windows|macOS|Linux|Android|iOS|Puppeteer|Playwright|asocks|Do-Not-Track)\b/g;
const ENGLISH_ONLY_PROPER = { test: (s: string) => !/[A-Za-z]{3}/.test(s.replace(ENGLISH_TERMS, '')) };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('locales', () => {
  const en = load('en');

  it('has a file for each of the 16 languages', () => {
    const files = readdirSync(localeDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LANGUAGES].sort());
    for (const area of readdirSync(localeDir).filter((f) => !f.endsWith('.json'))) {
      const areaFiles = readdirSync(join(localeDir, area)).map((f) => f.replace(/\.json$/, ''));
      expect(areaFiles.sort(), `locales/${area}`).toEqual([...LANGUAGES].sort());
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key of en.json and no other', (lng) => {
    const other = load(lng);
    expect(Object.keys(other).filter((k) => !(k in en))).toEqual([]);
    expect(Object.keys(en).filter((k) => !(k in other))).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is translated, not a copy of English', (lng) => {
    const other = load(lng);
    const copied = Object.keys(en).filter(
      (k) =>
        other[k] === en[k] &&
        !SAME_AS_ENGLISH_ALLOWED.has(k) &&
        !SAME_AS_ENGLISH_IN[lng]?.has(k) &&
        !ENGLISH_ONLY_PROPER.test(en[k] ?? '') &&
        /[A-Za-z]{3}/.test(en[k] ?? ''),
    );
    expect(copied).toEqual([]);
  });

  it.each(LANGUAGES)('%s keeps the {{placeholders}} of English', (lng) => {
    const other = load(lng);
    const vars = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).map((v) => v.replace(/\s/g, '')).sort();
    const broken = Object.keys(en).filter(
      (k) => other[k] !== undefined && vars(other[k]!).join() !== vars(en[k]!).join(),
    );
    expect(broken).toEqual([]);
  });

  it('every key the code uses exists in en.json', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([^']+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !(k in en))).toEqual([]);
  });

  it('every key built at run time exists in en.json', async () => {
    const shared = await import('@facet/shared');
    const dynamic = [
      ...Object.values(shared.ValidationKey).map((k) => `validation.${k}`),
      // The refusal keys of the import budget: the console shows them as the server sends them.
      ...Object.values(shared.BUDGET_KEYS).map((k) => `validation.${k}`),
      'validation.phoneOrEmailRequired',
      'validation.passwordOrCodeRequired',
      'validation.timeZoneInvalid',
      ...shared.DEFAULT_TEXT_STATUSES.map((s) => `http.status.${s}`),
      'http.status.unknown',
      ...['aborted', 'network', 'timeout'].map((k) => `http.transport.${k}`),
      ...['zhe', 'percentOff'].map((k) => `format.${k}`),
    ];
    expect(dynamic.filter((k) => !(k in en))).toEqual([]);
  });

  it('menu titles of the routes defined in code exist', async () => {
    const { FIXED_ROUTES, DASHBOARD_ROUTE, ENVIRONMENT_DAILY_ROUTE, PROMOTION_ROUTE } = await import(
      '../app/menu-routes'
    );
    const titles = (rs: { meta: { title: string }; children?: unknown[] }[]): string[] =>
      rs.flatMap((r) => [r.meta.title, ...titles((r.children ?? []) as typeof rs)]);
    const all = titles([...FIXED_ROUTES, DASHBOARD_ROUTE, ENVIRONMENT_DAILY_ROUTE, PROMOTION_ROUTE]);
    expect(all.filter((k) => !(k in en))).toEqual([]);
  });
});

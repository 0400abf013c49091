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

/** A counted text is stored as `key_one`, `key_other` …: i18next picks the form by `count`. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The key a screen asks for: a plural form's base, any other key as it is. */
const baseOf = (key: string) => key.replace(PLURAL, '');
const baseKeys = (tree: Record<string, string>) => [...new Set(Object.keys(tree).map(baseOf))].sort();
/** A key the code uses, found as it is or as a counted text. */
const hasKey = (tree: Record<string, string>, key: string) => key in tree || `${key}_other` in tree;
/**
 * The forms i18next asks for in a language: it builds Intl.PluralRules from the language code the
 * console runs with (`hk` too, which Intl does not know and answers with the default rules).
 */
const pluralForms = (lng: string) => [...new Intl.PluralRules(lng).resolvedOptions().pluralCategories].sort();

/**
 * Values that are the same in English and another language on purpose: names, units,
 * format-only strings. Kept short, so a copied English text does not pass as a translation.
 */
const SAME_AS_ENGLISH_ALLOWED = new Set([
  'common.ok',
  'menu.dashboard',
  'profile.userId',
  'form.countryCode',
  'logs.detailPart',
]);
/** Words that are the ordinary word in one language and happen to be English too. */
const SAME_AS_ENGLISH_IN: Record<string, ReadonlySet<string>> = {
  de: new Set([
    'profile.roleAdmin',
    ...['name', 'host', 'port', 'version', 'status', 'tags', 'cookie'].map((f) => `logs.fields.${f}`),
  ]),
  es: new Set(['menu.roles', 'logs.fields.cookie', 'logs.values.no']),
  fr: new Set([
    'menu.extensions',
    'browser.batch.extensions',
    ...['port', 'mode', 'extendIds', 'version', 'cookie'].map((f) => `logs.fields.${f}`),
  ]),
  // Italian counts cores in the English word: "1 core".
  it: new Set([
    'login.password',
    'register.password',
    'settingsLists.credentials.password',
    'logs.fields.host',
    'logs.values.no',
    'browserForm.summary.cores_one',
  ]),
  pt: new Set(['logs.fields.cookie']),
};
/**
 * Names and technical terms that stay in English in every language; a value made only of
 * these (plus digits and punctuation) may equal the English one.
 */
const ENGLISH_TERMS =
  /\b(Facet|OK|ID|API|URL|IP|IPv4|IPv6|CIDR|WebGL|WebRTC|Canvas|AudioContext|ClientRects|MAC|UA|User-Agent|CPU|RAM|GPU|HTTP|HTTPS|SOCKS5|SSH|TOTP|2FA|SMS|JSON|CSV|XLSX|Netscape|Cookie-Editor|EditThisCookie|Google Authenticator|DNT|Chrome|Chromium|Windows|macOS|Linux|Android|iOS|Puppeteer|Playwright|asocks|Do-Not-Track|PayPal|USDT|Alipay)\b/g;
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
    expect(baseKeys(other)).toEqual(baseKeys(en));
  });

  it.each(LANGUAGES)('%s has exactly the plural forms its language needs for each counted text', (lng) => {
    const tree = load(lng);
    const wanted = pluralForms(lng).join();
    const counted = baseKeys(tree).filter((k) => !(k in tree));
    expect(counted.length).toBeGreaterThan(20);
    const wrong = counted.filter(
      (k) =>
        Object.keys(tree)
          .filter((f) => baseOf(f) === k && f !== k)
          .map((f) => PLURAL.exec(f)![1])
          .sort()
          .join() !== wanted,
    );
    expect(wrong).toEqual([]);
  });

  it('reads "1 profile", "2 profiles", and the Russian forms by count', async () => {
    const i18next = (await import('i18next')).default;
    const t = async (lng: string) => {
      const i = i18next.createInstance();
      await i.init({ lng, resources: { [lng]: { translation: load(lng) } }, keySeparator: false });
      return (key: string, count: number) => i.t(key, { count, opened: 1 });
    };
    const en = await t('en');
    expect([1, 2].map((n) => en('browser.totalCount', n))).toEqual(['1 profile', '2 profiles']);
    expect(en('browserImport.preview.rows', 1)).toBe('1 row');
    expect(en('client.batchOpen.finished', 1)).toBe('1 of 1 profile opened.');
    const ru = await t('ru');
    expect([1, 3, 5].map((n) => ru('browser.totalCount', n))).toEqual(['1 профиль', '3 профиля', '5 профилей']);
    const zh = await t('zh');
    expect(zh('browser.totalCount', 1)).toBe('共 1 个环境');
  });

  it('counts nouns only in counted texts: no "{{count}} profiles" without its singular', () => {
    // An English noun ending in -s right after the count (maybe after one word) reads "1 profiles".
    const counted = /\{\{count\}\} (?:[\w-]+ )?(?!(?:was|is|has|does)\b)[\w-]{2,}s\b/;
    expect(Object.keys(en).filter((k) => !PLURAL.test(k) && counted.test(en[k]!))).toEqual([]);
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
    // A plural form English does not have (Russian "few") keeps the placeholders of English "other".
    const english = (k: string) => en[k] ?? en[`${baseOf(k)}_other`];
    const broken = Object.keys(other).filter(
      (k) => english(k) !== undefined && vars(other[k]!).join() !== vars(english(k)!).join(),
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
    expect([...used].filter((k) => !hasKey(en, k))).toEqual([]);
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
    expect(dynamic.filter((k) => !hasKey(en, k))).toEqual([]);
  });

  it('menu titles of the routes defined in code exist', async () => {
    const { FIXED_ROUTES, DASHBOARD_ROUTE, ENVIRONMENT_DAILY_ROUTE, PROMOTION_ROUTE } = await import(
      '../app/menu-routes'
    );
    const titles = (rs: { meta: { title: string }; children?: unknown[] }[]): string[] =>
      rs.flatMap((r) => [r.meta.title, ...titles((r.children ?? []) as typeof rs)]);
    const all = titles([...FIXED_ROUTES, DASHBOARD_ROUTE, ENVIRONMENT_DAILY_ROUTE, PROMOTION_ROUTE]);
    expect(all.filter((k) => !hasKey(en, k))).toEqual([]);
  });
});

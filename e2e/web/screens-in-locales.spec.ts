import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type MenuEntry } from '@facet/shared';
import { chooseLanguage, expect, signInAs, test } from './fixtures';
import { localeText } from './locales';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, ROOT } from './server-process';

/**
 * Every screen of the menu the server serves the operator, screen i in language i mod 16, so a
 * screen added to the menu is walked without a line here (docs/contributing.md, Adding a screen).
 */
const LOCALES = join(ROOT, 'renderer/src/i18n/locales');
/** The first segments of the console's keys: the area folders and the core file's top-level keys. */
const AREAS = new Set([
  ...readdirSync(LOCALES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name),
  ...Object.keys(JSON.parse(readFileSync(join(LOCALES, 'en.json'), 'utf8'))),
]);
/** A text i18next could not find is shown as its key: `area.someKey` or deeper. */
const KEY_LIKE = /\b([a-z][A-Za-z0-9]*)(?:\.[A-Za-z][A-Za-z0-9_]*)+\b/g;
const rawKeys = (text: string) => [...text.matchAll(KEY_LIKE)].filter((m) => AREAS.has(m[1]!)).map((m) => m[0]);
const HTML_LANG: Record<string, string> = { zh: 'zh-CN', hk: 'zh-HK' };

/** Full paths of the menu's screens: entries with a screen and no path parameter. */
function screenPaths(entries: MenuEntry[], base = ''): string[] {
  return entries.flatMap((e) => {
    const full = e.path.startsWith('/') ? e.path : e.path ? `${base}/${e.path}` : base;
    const own = e.component && !full.includes(':') && full ? [full] : [];
    return [...own, ...screenPaths(e.children ?? [], full)];
  });
}

/** The walk in parts the suite's workers run side by side, so it stays under a minute. */
const PARTS = 4;

for (let part = 0; part < PARTS; part++)
  test(`menu screens in the 16 languages without a raw key or an error (part ${part + 1} of ${PARTS})`, async ({
    page,
    baseURL,
  }) => {
    const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
    const paths = [...new Set(screenPaths(await admin.call<MenuEntry[]>('GET', '/v1/sysMenus/getRouters/2')))];
    expect(paths.length).toBeGreaterThanOrEqual(LANGUAGES.length);

    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    await signInAs(page, 'admin', ADMIN_PASSWORD);

    for (const [i, path] of paths.entries()) {
      if (i % PARTS !== part) continue;
      const lng = LANGUAGES[i % LANGUAGES.length]!;
      // In the app, as a user moves: the router follows history, the language switch loads the
      // language (a reload per screen would boot the console 50 times and take minutes).
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await chooseLanguage(page, lng);
      await expect(page.locator('html'), path).toHaveAttribute('lang', HTML_LANG[lng] ?? lng);
      const main = page.locator('main');
      await expect(main, `${path} in ${lng}`).not.toBeEmpty();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      // Code samples (the local API's Puppeteer snippet: `browser.newPage()`) are not texts.
      const shown = await page.evaluate(() => {
        const texts: string[] = [];
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode())
          if (!n.parentElement?.closest('pre, code, script, style')) texts.push(n.textContent ?? '');
        const labels = Array.from(document.querySelectorAll('[placeholder],[aria-label],[title]')).flatMap((el) =>
          ['placeholder', 'aria-label', 'title'].map((a) => el.getAttribute(a) ?? ''),
        );
        return [...texts, ...labels].join('\n');
      });
      expect(rawKeys(shown), `raw keys on ${path} in ${lng}`).toEqual([]);
      expect(shown, path).not.toContain('Unexpected Application Error');
      expect(shown, `${path} is routed`).not.toContain(localeText(lng, 'errors.notFoundTitle'));
    }
    expect(errors).toEqual([]);
    // The switch saved each language on the shared operator account: leave it as the other specs expect.
    await chooseLanguage(page, 'en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

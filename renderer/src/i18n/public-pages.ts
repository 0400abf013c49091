import type { Language } from '@facet/shared';

/**
 * The public pages the console links to have locale lists of their own (docs/i18n.md, Public
 * pages): the site pages (the policies) come in en, ru, vi, and the marketing pages (the invite
 * landing page) in zh, en, ru. English is the default of both: the spec names it for the site, and
 * it is the language most visitors of a marketing page from outside zh and ru read.
 */
export const PUBLIC_PAGE_LOCALES = {
  site: { locales: ['en', 'ru', 'vi'], fallback: 'en' },
  marketing: { locales: ['zh', 'en', 'ru'], fallback: 'en' },
} as const satisfies Record<string, { locales: readonly Language[]; fallback: Language }>;

export type PublicPageKind = keyof typeof PUBLIC_PAGE_LOCALES;

/** Languages that read another one of a list better than its default: Traditional Chinese reads Simplified. */
const CLOSEST: Partial<Record<Language, Language>> = { hk: 'zh' };

/** The locale of a public page for a console in `lng`: the same language when the page has it, else the list's default. */
export function publicPageLocale(kind: PublicPageKind, lng: Language): Language {
  const { locales, fallback } = PUBLIC_PAGE_LOCALES[kind];
  const list: readonly Language[] = locales;
  if (list.includes(lng)) return lng;
  const closest = CLOSEST[lng];
  return closest && list.includes(closest) ? closest : fallback;
}

/** A link to a public page (a path with an optional query, or a full URL) carrying the page's locale as `lang`. */
export function publicPageUrl(kind: PublicPageKind, href: string, lng: Language): string {
  const url = new URL(href, 'http://relative.invalid');
  url.searchParams.set('lang', publicPageLocale(kind, lng));
  return url.origin === 'http://relative.invalid' ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

/** The site pages: a `lang` they are opened with is that page's locale, not the user's choice, so it is not remembered. */
export const SITE_PAGE_PATHS = ['/agreement', '/privacy', '/log-off-policy'] as const;

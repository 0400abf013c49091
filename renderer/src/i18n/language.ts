import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@facet/shared';
import { SITE_PAGE_PATHS } from './public-pages';

/** The chosen locale is persisted under this local-storage key. */
export const LOCALE_STORAGE_KEY = 'locale';

export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && LANGUAGES.includes(v as Language);

/**
 * A site page (a policy) shows the locale its link carries without making it the user's choice:
 * opened from the console in a new tab, it would otherwise switch the console's language too.
 */
const keepsLanguage = (pathname: string) => !(SITE_PAGE_PATHS as readonly string[]).includes(pathname);
let persist = true;

/** The `lang` query parameter wins, then the persisted choice, then zh. */
export function initialLanguage(
  search: string = window.location.search,
  pathname: string = window.location.pathname,
): Language {
  const fromQuery = new URLSearchParams(search).get('lang');
  persist = keepsLanguage(pathname);
  if (isLanguage(fromQuery)) {
    if (persist) localStorage.setItem(LOCALE_STORAGE_KEY, fromQuery);
    return fromQuery;
  }
  const saved = localStorage.getItem(LOCALE_STORAGE_KEY);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

let current: Language = DEFAULT_LANGUAGE;
export const currentLanguage = (): Language => current;
export function rememberLanguage(lng: Language): void {
  current = lng;
  if (persist) localStorage.setItem(LOCALE_STORAGE_KEY, lng);
}

/** The name each language calls itself, for the language switch (proper names, not translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  ru: 'Русский',
  vi: 'Tiếng Việt',
  hi: 'हिन्दी',
  es: 'Español',
  pt: 'Português',
  uk: 'Українська',
  ja: '日本語',
  th: 'ไทย',
  ko: '한국어',
  tr: 'Türkçe',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
};

/** BCP 47 tags for Intl and the <html lang> attribute. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  en: 'en',
  zh: 'zh-CN',
  hk: 'zh-HK',
  ru: 'ru',
  vi: 'vi',
  hi: 'hi',
  es: 'es',
  pt: 'pt',
  uk: 'uk',
  ja: 'ja',
  th: 'th',
  ko: 'ko',
  tr: 'tr',
  de: 'de',
  fr: 'fr',
  it: 'it',
};

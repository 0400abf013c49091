import { cleanup, configure } from '@testing-library/react';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { i18n } from '../i18n';
import { localeFiles, type Messages, mergeLocale } from '../i18n/messages';

const files = import.meta.glob<Messages>('../i18n/locales/**/{en,zh}.json', { import: 'default', eager: true });
const messages = (lng: string): Messages => {
  const { core, areas } = localeFiles(Object.keys(files), lng);
  return mergeLocale(files[core!]!, Object.fromEntries(Object.entries(areas).map(([a, p]) => [a, files[p]!])));
};
// findBy*/waitFor give up after 1 s by default; on a loaded two-core machine a mutation and its
// re-render can take longer, and a test that waits for something that never comes still fails.
configure({ asyncUtilTimeout: 5_000 });

const en = messages('en');
const zh = messages('zh');

// jsdom lays nothing out, so it has no scrolling; forms scroll their first error into view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// Tests read English texts; the real app loads locales lazily (see i18n/index.ts).
beforeAll(async () => {
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en }, zh: { translation: zh } },
    interpolation: { escapeValue: false },
  });
});

// The console's handling of the transport's reports (notices, the 403 page, the balance dialog),
// as main.tsx wires it. Imported here, after the test file's own vi.mock calls have taken effect.
// Session loss is left out: screens under test have no session, and the tests that need it wire it.
beforeAll(async () => {
  const { wireTransport } = await import('../app/transport-wiring');
  wireTransport({ session: false });
});

afterEach(() => {
  cleanup();
});

// Test files share their worker's modules (vitest.config.ts): each file starts from fresh stores
// and storage, as it would in a page of its own. Imported here, after the file's vi.mock calls.
afterAll(async () => {
  const stores = await Promise.all([
    import('../stores/client').then((m) => m.useClientStore),
    import('../stores/notice').then((m) => m.useNoticeStore),
    import('../stores/rate').then((m) => m.useRateStore),
    import('../stores/route').then((m) => m.useRouteStore),
    import('../stores/user').then((m) => m.useUserStore),
  ]);
  for (const store of stores as { setState(s: unknown, replace: true): void; getInitialState(): unknown }[])
    store.setState(store.getInitialState(), true);
  localStorage.clear();
  sessionStorage.clear();
});

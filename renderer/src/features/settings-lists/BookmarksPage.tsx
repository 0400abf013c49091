import { bookmarkEntrySchema } from '@facet/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobalListPage, type ListScreen } from './GlobalListPage';

type F = 'title' | 'url';

/** Settings → Bookmarks: the bookmark bar the client puts in every profile (docs/client.md, Bookmarks and website credentials). */
export default function BookmarksPage() {
  const { t } = useTranslation();
  const screen = useMemo<ListScreen<F>>(
    () => ({
      type: 'bookmarks',
      title: t('settingsLists.menu.bookmarks'),
      intro: t('settingsLists.bookmarks.intro'),
      columns: [
        { field: 'title', label: t('settingsLists.bookmarks.title'), maxLength: 500, grow: 2 },
        { field: 'url', label: t('settingsLists.bookmarks.url'), placeholder: 'https://', maxLength: 2048, grow: 3 },
      ],
      entry: bookmarkEntrySchema,
      aliases: { title: 'name' },
      addLabel: t('settingsLists.bookmarks.add'),
      emptyText: t('settingsLists.bookmarks.empty'),
      savedText: t('settingsLists.bookmarks.saved'),
      fileName: 'bookmarks.json',
    }),
    [t],
  );
  return <GlobalListPage screen={screen} />;
}

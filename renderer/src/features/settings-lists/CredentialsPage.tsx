import { websiteCredentialSchema } from '@facet/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobalListPage, type ListScreen } from './GlobalListPage';

type F = 'site' | 'user' | 'password';

/**
 * Settings → Website credentials: what the client fills in on matching sites (docs/client.md,
 * Bookmarks and website credentials). Stored encrypted on the server; masked here until shown.
 */
export default function CredentialsPage() {
  const { t } = useTranslation();
  const screen = useMemo<ListScreen<F>>(
    () => ({
      type: 'websitesCredentials',
      title: t('settingsLists.menu.credentials'),
      intro: t('settingsLists.credentials.intro'),
      columns: [
        {
          field: 'site',
          label: t('settingsLists.credentials.site'),
          placeholder: 'shop.example',
          maxLength: 2048,
          grow: 3,
        },
        { field: 'user', label: t('settingsLists.credentials.user'), maxLength: 500, grow: 2 },
        { field: 'password', label: t('settingsLists.credentials.password'), secret: true, maxLength: 500, grow: 2 },
      ],
      entry: websiteCredentialSchema,
      aliases: { site: 'url', user: 'username' },
      addLabel: t('settingsLists.credentials.add'),
      emptyText: t('settingsLists.credentials.empty'),
      savedText: t('settingsLists.credentials.saved'),
      fileName: 'website-credentials.json',
    }),
    [t],
  );
  return <GlobalListPage screen={screen} />;
}

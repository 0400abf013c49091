import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, signInAs, test } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

/*
 * The operator's Client releases screen (docs/client.md, The operator's view): what the releases
 * folder offers each platform, what is missing beside a feed, and release notes written per
 * language that the clients' getContent then answers.
 */

const feed = (version: string, file: string) => `version: ${version}
files:
  - url: ${file}
    sha512: ${Buffer.alloc(64).toString('base64')}
    size: 2097152
releaseDate: '2026-11-20T08:00:00.000Z'
x-facet-minimum-version: 7.0.5
`;

test('the operator sees each platform’s release, a missing installer and signature, a broken feed, and writes notes per language', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Its own server: a feed in the shared server's folder would offer an update to the whole suite.
  const facet = await startFacet();
  try {
    const releases = join(facet.dataDir, 'releases');
    mkdirSync(releases, { recursive: true });
    writeFileSync(join(releases, 'Facet-7.3.0.AppImage'), Buffer.alloc(2 * 1024 * 1024, 1));
    writeFileSync(join(releases, 'latest-linux.yml'), feed('7.3.0', 'Facet-7.3.0.AppImage'));
    writeFileSync(join(releases, 'latest-linux.yml.sig'), 'c2lnbmF0dXJl');
    writeFileSync(join(releases, 'latest.yml'), feed('7.3.0', 'Facet-Setup-7.3.0.exe'));
    writeFileSync(join(releases, 'latest-mac.yml'), 'files: []\n');

    await signInAs(page, 'admin', ADMIN_PASSWORD, { base: facet.url });
    await page.getByRole('link', { name: 'Client releases' }).click();
    await expect(page).toHaveURL(/\/admin\/releases$/);
    await expect(page.getByTestId('release-feed-linux-version')).toHaveText('7.3.0');
    await expect(page.getByTestId('release-feed-linux-signature')).toHaveText('Signature present');
    await expect(page.getByTestId('release-feed-linux-installer')).toHaveText(
      'Installer: Facet-7.3.0.AppImage (2.0 MB)',
    );
    await expect(page.getByTestId('release-feed-linux')).toContainText('Forced below 7.0.5');
    await expect(page.getByTestId('release-feed-windows-signature')).toHaveText('No signature: clients refuse it');
    await expect(page.getByTestId('release-feed-windows-installer')).toHaveText(
      'Installer Facet-Setup-7.3.0.exe is missing from the folder',
    );
    await expect(page.getByTestId('release-broken-latest-mac.yml')).toContainText(
      'latest-mac.yml is skipped, so its clients see no update: not an update feed: version is missing',
    );

    // Russian notes for 7.3.0, with what the update dialog will list.
    await page.getByTestId('release-edit-7.3.0').click();
    const dialog = page.getByTestId('release-notes-dialog');
    // A draft in one language is not carried into another.
    await dialog.getByTestId('release-notes-text').fill('- draft in English');
    await dialog.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Russian' }).click();
    await expect(dialog.getByTestId('release-notes-text')).toHaveValue('');
    await dialog
      .getByTestId('release-notes-text')
      .fill('## 7.3.0\n\n- Быстрый запуск профиля\n- Куки сохраняются при сбое');
    await expect(dialog.getByTestId('release-notes-preview').locator('li')).toHaveText([
      'Быстрый запуск профиля',
      'Куки сохраняются при сбое',
    ]);
    await dialog.getByTestId('release-notes-save').click();
    await expect(page.getByText('Release notes saved')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('release-version-7.3.0')).toContainText('Russian');
    // What a client asking in Russian is answered now; the others still get nothing for 7.3.0.
    const api = new ServerApi(facet.url);
    const ru = await api.call<{ content: string }>('POST', '/v1/sysVersions/getContent', {
      version: '7.3.0',
      locale: 'ru',
    });
    expect(ru.content).toBe('Быстрый запуск профиля\nКуки сохраняются при сбое');

    // Notes written ahead for a version not published yet; a bad version is named at its field.
    await page.getByTestId('release-notes-new').click();
    await dialog.getByTestId('release-notes-version').fill('seven');
    await dialog.getByTestId('release-notes-text').fill('- Cloud phone groups');
    await dialog.getByTestId('release-notes-save').click();
    await expect(dialog.getByText('Enter a version like 7.1.0')).toBeVisible();
    await dialog.getByTestId('release-notes-version').fill('7.4.0');
    await dialog.getByTestId('release-notes-text').fill('- Cloud phone groups');
    await dialog.getByTestId('release-notes-save').click();
    await expect(page.getByText('Release notes saved')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('release-version-7.4.0')).toContainText('English');
  } finally {
    facet.proc.kill('SIGTERM');
    await new Promise((r) => facet.proc.once('exit', r));
    rmSync(facet.dataDir, { recursive: true, force: true });
  }
});

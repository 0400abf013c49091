import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientBridge } from '@facet/shared';
import { expect, test } from '@playwright/test';
import { electronBinary, electronSuite, launchFacet } from './electron-app';

test.skip(!electronBinary.path, `no Electron binary: ${electronBinary.reason}`);

type FacetWindow = Window & { facet: ClientBridge };

const VERSION = '99.0.0';

/** A release in the server's releases folder, the way electron-builder publishes it (every platform's feed file). */
function publishRelease(dir: string) {
  const artifact = randomBytes(2 * 1024 * 1024);
  const sum = createHash('sha512').update(artifact).digest('base64');
  const file = `Facet-${VERSION}.bin`;
  writeFileSync(join(dir, file), artifact);
  const yml = `version: ${VERSION}
files:
  - url: ${file}
    sha512: ${sum}
    size: ${artifact.length}
path: ${file}
sha512: ${sum}
releaseDate: '2026-11-21T10:00:00.000Z'
releaseNotes: |
  - Faster profile start
`;
  for (const name of ['latest.yml', 'latest-linux.yml', 'latest-mac.yml']) writeFileSync(join(dir, name), yml);
}

test('an update on the server feed is offered in the console and downloads', async () => {
  publishRelease(electronSuite().releasesDir);
  const app = await launchFacet({ FACET_UPDATE_CHECK: '1' });
  try {
    const page = await app.firstWindow();
    // The upgrade dialog shows the new version (whatever the console's language).
    await expect(page.getByRole('dialog').getByText(VERSION, { exact: false })).toBeVisible({ timeout: 30_000 });

    const downloaded = await page.evaluate(
      () =>
        new Promise<{ version: string; percents: number[] }>((resolve, reject) => {
          const facet = (window as unknown as FacetWindow).facet;
          const percents: number[] = [];
          facet.on('download-progress', ({ percent }) => percents.push(percent));
          facet.on('update-error', ({ message }) => reject(new Error(message)));
          facet.on('update-downloaded', ({ version }) => resolve({ version, percents }));
          facet.downloadUpdate().catch(reject);
        }),
    );
    expect(downloaded.version).toBe(VERSION);
    expect(downloaded.percents.at(-1)).toBe(100);
  } finally {
    await app.close();
  }
});

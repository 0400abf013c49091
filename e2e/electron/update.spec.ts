import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientBridge } from '@facet/shared';
import { expect, test } from '@playwright/test';
import { electronBinary, electronSuite, launchFacet } from './electron-app';

test.skip(!electronBinary.path, `no Electron binary: ${electronBinary.reason}`);

type FacetWindow = Window & { facet: ClientBridge };

const VERSION = '99.0.0';
/** A release key for this run; the app (unpackaged, FACET_UPDATE_CHECK=1) is told to trust it. */
const releaseKey = generateKeyPairSync('ed25519');
const RELEASE_PUBLIC_KEY = releaseKey.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

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
  const signature = sign(null, Buffer.from(yml), releaseKey.privateKey).toString('base64');
  for (const name of ['latest.yml', 'latest-linux.yml', 'latest-mac.yml']) {
    writeFileSync(join(dir, name), yml);
    writeFileSync(join(dir, `${name}.sig`), signature);
  }
}

test('an update on the server feed is offered in the console and downloads', async () => {
  publishRelease(electronSuite().releasesDir);
  const app = await launchFacet({ FACET_UPDATE_CHECK: '1', FACET_RELEASE_PUBLIC_KEYS: RELEASE_PUBLIC_KEY });
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

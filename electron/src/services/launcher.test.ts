import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChrome } from './launcher.js';

describe('launchChrome', () => {
  const dir = mkdtempSync(join(tmpdir(), 'facet-launcher-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('tries a browser that dies during start-up once more, then names how it ended and its last words', async () => {
    const starts = join(dir, 'starts');
    const fake = join(dir, 'dying-chrome');
    writeFileSync(fake, `#!/bin/sh\necho start >> '${starts}'\necho 'no display' >&2\nexit 3\n`);
    chmodSync(fake, 0o755);
    await expect(launchChrome({ chromePath: fake, args: [], userDataDir: join(dir, 'data') })).rejects.toThrow(
      /exited before it was ready \(code 3\): no display/,
    );
    expect(readFileSync(starts, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it('does not retry a binary that is not there', async () => {
    await expect(
      launchChrome({ chromePath: join(dir, 'missing'), args: [], userDataDir: join(dir, 'data') }),
    ).rejects.toThrow(/could not be started/);
  });
});

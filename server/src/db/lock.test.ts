import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';
import { DataFolderInUseError } from './lock.js';

describe.skipIf(process.env.FACET_TEST_DB === 'postgres')('the embedded database folder', () => {
  it('refuses a second opener with a clear error, keeps the data, and reopens after close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'facet-lock-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.db.execute('create table kept (v text)');
      await first.db.execute("insert into kept values ('still here')");
      const second = openDatabase({ dataDir: dir });
      await expect(second).rejects.toBeInstanceOf(DataFolderInUseError);
      await expect(second).rejects.toThrow(/in use by another Facet process \(pid \d+\)/);
      await first.close();
      const again = await openDatabase({ dataDir: dir });
      const rows = await again.db.execute('select v from kept');
      expect(JSON.stringify(rows)).toContain('still here');
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

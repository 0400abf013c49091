import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dbUnavailable, freshPostgresDb, TEST_DB } from '../../test/harness.js';
import { type ServerProcess, startServerProcess } from '../../test/server-process.js';

const ADMIN = { username: 'admin', password: 'Admin#12345' };

/**
 * A purchase is one transaction: the order, its ledger movement and what it bought. A server
 * killed with SIGKILL while purchases are in flight leaves each of them complete or absent.
 */
describe.skipIf(TEST_DB !== 'postgres' || dbUnavailable())('kill -9 during purchases', () => {
  const started: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
  });

  it('leaves every purchase complete or absent, and the ledger balanced', async () => {
    const databaseUrl = await freshPostgresDb();
    const common = { databaseUrl, secretKey: randomBytes(32).toString('base64'), adminPassword: ADMIN.password };
    const first = await startServerProcess(common);
    started.push(first);
    const login = await first.call('loginV2', ADMIN, { ip: '10.0.0.1' });
    const token = login.result.access_token;
    const me = (await first.call('currentUser', undefined, { token })).result;
    await first.call('adminAdjust', { userId: me.id, amount: '9', reason: 'plan' }, { token });
    expect(
      (await first.call('orderCreate', { kind: 'plan', planId: 'basic', months: 1, channel: 'wallet' }, { token }))
        .code,
    ).toBe(0);
    await first.call('adminAdjust', { userId: me.id, amount: '900', reason: 'renewals' }, { token });

    // A hundred renewals in flight; the process dies once some have answered.
    let answered = 0;
    const flying = Array.from({ length: 100 }, () =>
      first
        .call('orderCreate', { kind: 'renew', months: 1, channel: 'wallet' }, { token })
        .then(() => answered++)
        .catch(() => undefined),
    );
    while (answered < 5) await new Promise((r) => setTimeout(r, 5));
    process.kill(-first.pid, 'SIGKILL');
    await Promise.allSettled(flying);

    const second = await startServerProcess(common);
    started.push(second);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const q = async (text: string) => (await db.query(text)).rows;
      const [paid] = await q(`select count(*)::int as n from billing_orders where kind = 'renew' and status = 'paid'`);
      const [purchases] = await q(
        `select count(*)::int as n from ledger_transactions t join billing_orders o on o.id = t.order_id where t.kind = 'purchase' and o.kind = 'renew'`,
      );
      const [stray] = await q(
        `select count(*)::int as n from billing_orders o where o.status = 'paid' and not exists (select 1 from ledger_transactions t where t.order_id = o.id)`,
      );
      const [wallet] = await q(
        `select balance::int as b from ledger_accounts a join users u on u.id = a.owner_id where u.username = 'admin' and a.kind = 'wallet'`,
      );
      expect(paid.n).toBeGreaterThanOrEqual(5);
      expect(paid.n).toBeLessThan(100);
      expect(purchases.n).toBe(paid.n);
      expect(stray.n).toBe(0);
      expect(wallet.b).toBe(90_000 - 900 * paid.n);
      const [unbalanced] = await q(
        `select count(*)::int as n from (select transaction_id from ledger_entries group by 1 having sum(amount) <> 0) x`,
      );
      expect(unbalanced.n).toBe(0);
      // The restarted server answers as if nothing happened.
      const again = await second.call('loginV2', ADMIN, { ip: '10.0.0.2' });
      expect((await second.call('currentUser', undefined, { token: again.result.access_token })).result.balance).toBe(
        (wallet.b / 100).toFixed(2),
      );
    } finally {
      await db.end();
    }
  }, 120_000);
});

import { connectPhone } from '@facet/shared/node';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdbRelayConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { AdbRelay, parseAdbPublicKey } from './adb-relay.js';
import type { Devices } from './devices.js';
import { type EnvRow, phoneEnvs, phonePower } from './tables.js';

const MAX_KEYS = 10;

/**
 * ADB access to an environment for its user (setAdb): a relay port of the server, opened only to
 * the ADB keys the user registered, forwarding to the device over the server's own link.
 */
export class AdbAccess {
  readonly relay: AdbRelay;

  constructor(
    private readonly db: Db,
    private readonly devices: Devices,
    private readonly config: AdbRelayConfig,
    private readonly now: () => Date,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.relay = new AdbRelay(config.host);
  }

  info(env: Pick<EnvRow, 'adbEnabled' | 'adbPort' | 'adbKeys'>) {
    return {
      enabled: env.adbEnabled,
      host: env.adbEnabled ? this.config.publicHost : '',
      port: env.adbEnabled ? env.adbPort : null,
      keys: env.adbKeys.map((k) => k.trim().split(/\s+/)[1] ?? 'adbkey'),
    };
  }

  /**
   * Turns ADB access on (with the key line the user's adb made: ~/.android/adbkey.pub) or off.
   * The port stays the environment's while access is on; turning it off closes every connection.
   */
  async set(env: EnvRow, enabled: boolean, publicKey: string | undefined, replaceKeys: boolean) {
    let keys = replaceKeys ? [] : env.adbKeys;
    if (publicKey) {
      if (!parseAdbPublicKey(publicKey)) throw fieldError('body.publicKey', 'adbKeyInvalid');
      const line = publicKey.trim().split(/\s+/).slice(0, 2).join(' ');
      keys = [...keys.filter((k) => k.split(' ')[0] !== line.split(' ')[0]), line].slice(-MAX_KEYS);
    }
    if (!enabled) {
      if (env.adbPort) await this.relay.close(env.adbPort);
      await this.db
        .update(phoneEnvs)
        .set({ adbEnabled: false, adbPort: null, adbKeys: keys, updatedAt: this.now() })
        .where(eq(phoneEnvs.id, env.id));
      return this.info({ adbEnabled: false, adbPort: null, adbKeys: keys });
    }
    if (!keys.length) throw fieldError('body.publicKey', 'adbKeyRequired');
    if (!this.config.ports) throw fieldError('body.enabled', 'adbRelayOff');
    const port = env.adbPort ?? (await this.listenFor(env.id));
    await this.db
      .update(phoneEnvs)
      .set({ adbEnabled: true, adbPort: port, adbKeys: keys, updatedAt: this.now() })
      .where(eq(phoneEnvs.id, env.id));
    return this.info({ adbEnabled: true, adbPort: port, adbKeys: keys });
  }

  /** A free port of the range (or any, with 0-0), listening for the environment. */
  private async listenFor(envId: number): Promise<number> {
    const [from, to] = this.config.ports ?? [0, -1];
    if (from === 0) return this.relay.listen(0, this.target(envId));
    const taken = new Set(
      (await this.db.select({ p: phoneEnvs.adbPort }).from(phoneEnvs).where(isNotNull(phoneEnvs.adbPort))).map(
        (r) => r.p,
      ),
    );
    for (let port = from; port <= to; port++) {
      if (taken.has(port)) continue;
      try {
        return await this.relay.listen(port, this.target(envId));
      } catch {
        // In use by something else on this host: the next one.
      }
    }
    throw fieldError('body.enabled', 'adbPortsExhausted', `${from}-${to}`);
  }

  /** What a connection on the environment's port reaches: its keys now, its device if it may be used. */
  private target(envId: number) {
    const read = async () => {
      const [row] = await this.db
        .select({ env: phoneEnvs, expiresAt: phonePower.expiresAt })
        .from(phoneEnvs)
        .innerJoin(phonePower, eq(phonePower.id, phoneEnvs.powerId))
        .where(eq(phoneEnvs.id, envId));
      return row;
    };
    return {
      keys: async () => {
        const row = await read();
        return row?.env.adbEnabled ? row.env.adbKeys : [];
      },
      link: async () => {
        const row = await read();
        const usable =
          row?.env.adbEnabled &&
          row.env.deviceId &&
          ['off', 'on'].includes(row.env.state) &&
          row.expiresAt.getTime() > this.now().getTime();
        if (!usable || !row.env.deviceId) throw notFound('cloud phone');
        const device = await this.devices.require(this.db, row.env.deviceId);
        return connectPhone({ host: device.host, port: device.port }, await this.devices.adbKey());
      },
    };
  }

  /** At start: listen again on the ports of environments with access on. */
  async start(): Promise<void> {
    if (!this.config.ports) return;
    const rows = await this.db
      .select({ id: phoneEnvs.id, port: phoneEnvs.adbPort })
      .from(phoneEnvs)
      .where(and(eq(phoneEnvs.adbEnabled, true), isNotNull(phoneEnvs.adbPort)));
    for (const r of rows)
      await this.relay
        .listen(r.port as number, this.target(r.id))
        .catch((e) => this.log?.warn({ err: e, port: r.port }, 'ADB relay port not available'));
  }

  stop(): Promise<void> {
    return this.relay.closeAll();
  }
}

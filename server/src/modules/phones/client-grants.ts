import { connectPhone } from '@facet/shared/node';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AdbRelayConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { AdbRelay, parseAdbPublicKey } from './adb-relay.js';
import type { Devices } from './devices.js';
import { phoneEnvs, phonePower } from './tables.js';

/** How long a grant lets new connections in. */
const GRANT_MS = 60_000;

interface EnvPort {
  port: number;
  /** The keys granted, and until when each may start a connection. */
  grants: Map<string, { line: string; until: number }>;
}

/**
 * The desktop client's link to an opened environment's phone (phoneConnect; docs/phones.md, In the
 * client): the client's own ADB key is admitted for 60 s on a relay port of the environment, and
 * the connections it starts stay up until the environment stops being used (closed, expired,
 * disabled, moved to other power or deleted: `end`). Kept in memory: a restart drops the grants
 * and the client asks again.
 */
export class ClientGrants {
  private readonly relay: AdbRelay;
  private readonly envs = new Map<number, EnvPort>();
  /** A port being opened per environment, so two grants at once share one. */
  private readonly opening = new Map<number, Promise<EnvPort>>();

  constructor(
    private readonly db: Db,
    private readonly devices: Devices,
    private readonly config: AdbRelayConfig,
    private readonly now: () => Date,
  ) {
    this.relay = new AdbRelay(config.host);
  }

  /**
   * Admits `publicKey` for 60 s on the environment's client port; the caller has checked that it
   * may open the environment and that it is on.
   */
  async grant(envId: number, publicKey: string) {
    if (!this.config.ports) throw fieldError('body.id', 'adbRelayOff');
    const parsed = parseAdbPublicKey(publicKey);
    if (!parsed) throw fieldError('body.publicKey', 'adbKeyInvalid');
    const env = await this.portFor(envId);
    const until = this.now().getTime() + GRANT_MS;
    env.grants.set(parsed.base64, { line: publicKey.trim(), until });
    return { host: this.config.publicHost, port: env.port, expiresAt: new Date(until).toISOString() };
  }

  /** The environment stopped being used: its port closes, and every connection on it with it. */
  async end(envIds: number[]): Promise<void> {
    for (const id of envIds) {
      const pending = this.opening.get(id);
      if (pending) await pending.catch(() => undefined);
      const env = this.envs.get(id);
      if (!env) continue;
      this.envs.delete(id);
      await this.relay.close(env.port);
    }
  }

  stop(): Promise<void> {
    this.envs.clear();
    return this.relay.closeAll();
  }

  private portFor(envId: number): Promise<EnvPort> {
    const open = this.envs.get(envId);
    if (open) return Promise.resolve(open);
    let pending = this.opening.get(envId);
    if (!pending) {
      pending = this.listen(envId).finally(() => this.opening.delete(envId));
      this.opening.set(envId, pending);
    }
    return pending;
  }

  /** Any free port of the range (or any at all with 0-0), past the ports of ADB access (setAdb). */
  private async listen(envId: number): Promise<EnvPort> {
    const [from, to] = this.config.ports ?? [0, -1];
    const env: EnvPort = { port: 0, grants: new Map() };
    const target = this.target(envId, env);
    if (from === 0) env.port = await this.relay.listen(0, target);
    else {
      const taken = new Set([
        ...this.relay.ports(),
        ...(await this.db.select({ p: phoneEnvs.adbPort }).from(phoneEnvs).where(isNotNull(phoneEnvs.adbPort))).map(
          (r) => r.p,
        ),
      ]);
      for (let port = from; port <= to && !env.port; port++) {
        if (taken.has(port)) continue;
        env.port = await this.relay.listen(port, target).catch(() => 0);
      }
      if (!env.port) throw fieldError('body.id', 'adbPortsExhausted', `${from}-${to}`);
    }
    this.envs.set(envId, env);
    return env;
  }

  /** Keys whose grant has not run out start a connection; it reaches the device while the environment is on. */
  private target(envId: number, env: EnvPort) {
    return {
      keys: async () => {
        const now = this.now().getTime();
        for (const [k, g] of env.grants) if (g.until <= now) env.grants.delete(k);
        return [...env.grants.values()].map((g) => g.line);
      },
      link: async () => {
        const [row] = await this.db
          .select({ env: phoneEnvs, expiresAt: phonePower.expiresAt })
          .from(phoneEnvs)
          .innerJoin(phonePower, eq(phonePower.id, phoneEnvs.powerId))
          .where(and(eq(phoneEnvs.id, envId), eq(phoneEnvs.state, 'on')));
        if (!row?.env.deviceId || row.expiresAt.getTime() <= this.now().getTime()) throw notFound('cloud phone');
        const device = await this.devices.require(this.db, row.env.deviceId);
        return connectPhone({ host: device.host, port: device.port }, await this.devices.adbKey());
      },
    };
  }
}

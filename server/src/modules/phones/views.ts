import { formatCst, type PhoneState, type PhoneView } from '@facet/shared';
import type { DeviceRow, EnvRow, PackageRow, PowerRow } from './tables.js';

/** One environment with what the list shows beside it. */
export interface EnvJoined {
  env: EnvRow;
  power: PowerRow;
  pkg: Pick<PackageRow, 'name'> | null;
  device: Pick<DeviceRow, 'brand' | 'model'> | null;
  openedByName: string | null;
  groupName: string | null;
}

/** Expired power wins over everything but disabled: the environment cannot open either way. */
export const effectiveState = (env: EnvRow, power: PowerRow, now: Date): PhoneState =>
  env.state !== 'disabled' && power.expiresAt.getTime() <= now.getTime() ? 'expired' : (env.state as PhoneState);

export function phoneView(j: EnvJoined, now: Date): PhoneView {
  const { env, power } = j;
  const state = effectiveState(env, power, now);
  return {
    id: env.id,
    name: env.name,
    remark: env.remark,
    data: env.data,
    state,
    stateReason: state === 'expired' ? (env.releasedAt ? 'released' : 'expired') : env.stateReason,
    region: power.region,
    androidVersion: power.androidVersion,
    brand: j.device?.brand ?? '',
    model: j.device?.model ?? '',
    bound: env.deviceId !== null,
    powerId: power.id,
    packageName: j.pkg?.name ?? '',
    trial: power.trial,
    expireTime: formatCst(power.expiresAt),
    createdTime: formatCst(env.createdAt),
    lastOpenTime: formatCst(env.lastOpenedAt),
    openedBy: state === 'on' ? j.openedByName : null,
    sort: env.sort,
    mostCommon: env.mostCommon,
    proxy: {
      proxyType: env.proxyType === 'http' ? 'http' : 'noproxy',
      host: env.proxyHost,
      port: env.proxyPort,
    },
    locale: env.locale,
    timeZone: env.timeZone,
    gps: env.latitude !== null && env.longitude !== null ? { latitude: env.latitude, longitude: env.longitude } : null,
    restriction: {
      mode: env.restriction as PhoneView['restriction']['mode'],
      userIds: env.restrictionUserIds,
    },
    adb: { enabled: env.adbEnabled },
    groupId: env.groupId,
    groupName: env.groupId === null ? null : j.groupName,
  };
}

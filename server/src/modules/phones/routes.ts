import { scopeOf } from '../../access/index.js';
import type { Handlers } from '../../http/call-context.js';
import { moneyOwner } from '../billing/service.js';

/** Cloud phones (docs/phones.md): HTTP in, service out. */
export const phoneHandlers = {
  phoneList: ({ services, user, body }) => services.phones.list(scopeOf(user), body),
  phoneGet: ({ services, user, params }) => services.phones.get(scopeOf(user), params.id),
  phoneCreate: ({ services, user, body }) => services.phones.create(scopeOf(user), body),
  phoneUpdate: ({ services, user, body }) => services.phones.update(scopeOf(user), body),
  phoneDelete: ({ services, user, body }) => services.phones.remove(scopeOf(user), body.ids),
  phoneUpdateName: ({ services, user, body }) => services.phones.rename(scopeOf(user), body.id, body.name),
  phoneBatchRemark: ({ services, user, body }) => services.phones.batchRemark(scopeOf(user), body.ids, body.remark),
  phoneBatchData: ({ services, user, body }) => services.phones.batchData(scopeOf(user), body.ids, body.data),
  phoneBatchProxy: ({ services, user, body }) => services.phones.batchProxy(scopeOf(user), body),
  phoneUpdateSort: ({ services, user, body }) => services.phones.updateSort(scopeOf(user), body.items),
  phoneSetMostCommon: ({ services, user, body }) =>
    services.phones.setMostCommon(scopeOf(user), body.ids, body.mostCommon),
  phoneOpen: ({ services, user, body }) => services.phones.open(scopeOf(user), body.id),
  phoneClose: ({ services, user, body }) => services.phones.close(scopeOf(user), body.id),
  phoneEnable: ({ services, user, body }) => services.phones.enable(scopeOf(user), body.ids, body.enabled),
  phoneRestrict: ({ services, user, body }) => services.phones.restrict(scopeOf(user), body),
  phoneCheckBinding: ({ services, user, params }) => services.phones.checkBinding(scopeOf(user), params.id),
  phoneNewMachine: ({ services, user, params }) => services.phones.newMachine(scopeOf(user), params.id),
  phoneShare: ({ services, user, body }) => services.phones.share(scopeOf(user), body),
  phoneShares: ({ services, user, params }) => services.phones.shares(scopeOf(user), params.id),
  phoneSetAdb: ({ services, user, body }) => services.phones.setAdb(scopeOf(user), body),
  phoneAdbInfo: ({ services, user, params }) => services.phones.adbInfo(scopeOf(user), params.id),
  phoneConnect: ({ services, user, body }) => services.phones.connect(scopeOf(user), body),

  phonePackages: ({ services, body }) => services.phones.power.packages(body.region),
  phonePayPreview: ({ services, user, body }) => services.billing.orders.preview(moneyOwner(user), phoneDraft(body)),
  phonePay: async ({ services, user, body }) => {
    // The operator may keep buying cloud phones for verified accounts (docs/identity.md).
    await services.identity.requireVerified(moneyOwner(user), 'phoneBuy');
    return services.billing.placeOrder(
      user,
      { ...phoneDraft(body), phone: { ...phoneDraft(body).phone, by: user.id } },
      body.channel,
      body.returnUrl,
    );
  },
  phoneTrial: ({ services, user }) => services.phones.openTrial(user),
  phoneRenewPreview: ({ services, user, body }) => services.billing.orders.preview(moneyOwner(user), renewDraft(body)),
  phoneRenew: ({ services, user, body }) =>
    services.billing.placeOrder(user, renewDraft(body), body.channel, body.returnUrl),
  phoneTrialFee: ({ services, user }) => services.phones.power.trialFee(moneyOwner(user)),
  phonePowerTab: ({ services, user, body }) => services.phones.power.tab(moneyOwner(user), body),
  phonePowerRemind: ({ services, user }) => services.phones.power.remind(moneyOwner(user)),
  phoneRegions: ({ services }) => services.phones.power.regions(),
  phoneChangePower: ({ services, user, body }) => services.phones.changePower(scopeOf(user), body.id, body.powerId),
  phoneBills: ({ services, user, body }) =>
    services.phones.power.bills(services.billing.orders, moneyOwner(user), body),

  phoneSetTrialFee: ({ services, body }) => services.phones.power.setTrialFee(body),
  adminDeviceList: ({ services, body }) => services.phones.devices.list(body),
  adminDeviceSave: ({ services, body }) => services.phones.devices.save(body),
  adminDeviceDelete: ({ services, body }) => services.phones.devices.remove(body.ids),
  adminDeviceProbe: ({ services, body }) => services.phones.devices.probe(body.id),
  adminAdbKey: ({ services }) => services.phones.devices.publicKey(),
  adminPackageList: ({ services }) => services.phones.power.packages(undefined, true),
  adminPackageSave: ({ services, body }) => services.phones.power.savePackage(body),
  adminPhoneSettings: async ({ services }) => {
    const s = await services.phones.power.settings();
    return { retentionDays: s.retentionDays, remindDays: s.remindDays };
  },
  adminPhoneSettingsSave: ({ services, body }) => services.phones.power.saveSettings(body),
} satisfies Partial<Handlers>;

const phoneDraft = (b: {
  packageId: number;
  quantity: number;
  couponCode?: string | undefined;
  currency?: string | undefined;
  name?: string | undefined;
}) => ({
  kind: 'phone' as const,
  couponCode: b.couponCode,
  currency: b.currency,
  phone: { packageId: b.packageId, quantity: b.quantity, ...(b.name ? { name: b.name } : {}) },
});

const renewDraft = (b: {
  powerIds: number[];
  packageId?: number | undefined;
  couponCode?: string | undefined;
  currency?: string | undefined;
}) => ({
  kind: 'phoneRenew' as const,
  couponCode: b.couponCode,
  currency: b.currency,
  phone: { powerIds: b.powerIds, ...(b.packageId ? { packageId: b.packageId } : {}) },
});

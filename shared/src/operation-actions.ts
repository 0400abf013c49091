/**
 * Every action the server writes to the operation log (`area.verb`), in the order the console's
 * action filter offers them. The server's writers take only these, and the console has a text for
 * each in every language (docs/team.md, Operation log).
 */
export const OPERATION_ACTIONS = [
  'profile.create',
  'profile.update',
  'profile.batchAdd',
  'profile.import',
  'profile.batchUpdateData',
  'profile.batchUpdatePart',
  'profile.batchUpdateProxy',
  'profile.batchUpdateRemark',
  'profile.rename',
  'profile.setMostCommon',
  'profile.moveGroup',
  'profile.sort',
  'profile.sortAll',
  'profile.open',
  'profile.close',
  'profile.saveCookies',
  'profile.backupCookies',
  'profile.restoreCookies',
  'profile.share',
  'profile.extensions.add',
  'profile.extensions.remove',
  'profile.delete',
  'profile.recover',
  'profile.recoverAll',
  'profile.deleteForever',
  'profile.emptyRecycleBin',
  'group.create',
  'group.rename',
  'group.delete',
  'group.share',
  'proxy.create',
  'proxy.batchAdd',
  'proxy.update',
  'proxy.delete',
  'proxy.bind',
  'extension.upload',
  'extension.delete',
  'extension.membersMayAssign',
  'extension.membersMayNotAssign',
  'subAccount.create',
  'subAccount.update',
  'subAccount.stop',
  'subAccount.recover',
  'subAccount.delete',
  'subAccount.password',
  'subAccount.shares',
  'role.create',
  'role.update',
  'role.delete',
  'setting.globalValue',
  'setting.ipWhitelist',
  'setting.apiToken.generate',
  'setting.apiToken.revoke',
  'setting.isLocalToken',
  'security.totp.bind',
  'security.totp.unbind',
  'security.smsSecondAuth',
  'billing.adjust',
  'billing.orderConfirm',
  'billing.orderRefund',
  'billing.payoutDecide',
  'billing.planSave',
  'billing.couponSave',
  'billing.settingsSave',
] as const;

export type OperationAction = (typeof OPERATION_ACTIONS)[number];

/** The verbs of profile actions (`profile.<verb>`). */
export type ProfileVerb = OperationAction extends infer A ? (A extends `profile.${infer V}` ? V : never) : never;

/** At most this many names of a batch's targets are kept in its entry (`detail.names`). */
export const OPERATION_LOG_NAMES_KEPT = 20;

import { TEAM_GLOBAL_VALUE_TYPES } from '@facet/shared';
import { requireCodes } from '../../access/index.js';
import type { Handlers } from '../../http/call-context.js';
import { GlobalValues } from './service.js';

const service = (s: Parameters<Handlers['globalValueList']>[0]['services']) =>
  new GlobalValues(s.db, s.secrets, s.ipWhitelists);

/** Global values (PUT /v1/globalvaluesetting, getValueList) and the preferences (globalsetting, globalbrowsersetting). */
export const settingHandlers = {
  globalValueList: ({ services, user, body }) => service(services).list(user, body.globalValueTypelist),
  globalValueSave: async ({ services, user, body, ip }) => {
    // Personal values need only a session; team-wide ones the settings codes.
    if (body.globalValueType === 'ipWhitelist') await requireCodes(services, user, ['setting:ipWhitelist']);
    else if (TEAM_GLOBAL_VALUE_TYPES.includes(body.globalValueType))
      await requireCodes(services, user, ['setting:update']);
    return service(services).save(user, body.globalValueType, body.globalValue, body.confirm, ip);
  },
  globalSettingGet: ({ services, user, params }) => services.preferences.get(user, 'setting', params.id),
  globalSettingSave: ({ services, user, body }) => services.preferences.save(user, 'setting', body),
  globalBrowserSettingGet: ({ services, user, params }) => services.preferences.get(user, 'browser', params.id),
  globalBrowserSettingSave: ({ services, user, body }) => services.preferences.save(user, 'browser', body),
} satisfies Partial<Handlers>;

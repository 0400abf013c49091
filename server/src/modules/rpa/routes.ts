import { scopeOf } from '../../access/index.js';
import type { Handlers } from '../../http/call-context.js';

/** RPA (docs/rpa.md, Tasks and the queue): HTTP in, service out. */
export const rpaHandlers = {
  rpaFlowList: ({ services, user, body }) => services.rpa.flows.list(scopeOf(user), body),
  rpaFlowGet: ({ services, user, params }) => services.rpa.flows.get(scopeOf(user), params.id),
  rpaFlowCreate: ({ services, user, body }) => services.rpa.flows.create(scopeOf(user), body),
  rpaFlowUpdate: ({ services, user, params, body }) => services.rpa.flows.update(scopeOf(user), params.id, body),
  rpaFlowDelete: ({ services, user, params }) => services.rpa.flows.remove(scopeOf(user), params.id),
  rpaFlowDuplicate: ({ services, user, params }) => services.rpa.flows.duplicate(scopeOf(user), params.id),
  rpaFlowImport: ({ services, user, body }) => services.rpa.flows.import(scopeOf(user), body),

  rpaTaskCreate: ({ services, user, body }) => services.rpa.create(scopeOf(user), user.timeZone, body),
  rpaCookieRobot: ({ services, user, body }) => services.rpa.cookieRobot(scopeOf(user), user.timeZone, body),
  rpaTaskList: ({ services, user, body }) => services.rpa.list(scopeOf(user), body),
  rpaTaskGet: ({ services, user, params }) => services.rpa.get(scopeOf(user), params.id),
  rpaTaskCancel: ({ services, user, params, body }) => services.rpa.cancel(scopeOf(user), params.id, body.runIds),
  rpaTaskDelete: ({ services, user, params }) => services.rpa.remove(scopeOf(user), params.id),
  rpaRunList: ({ services, user, params, body }) => services.rpa.runs(scopeOf(user), params.id, body),
  rpaRunStatuses: ({ services, user, params }) => services.rpa.statuses(scopeOf(user), params.id),
  rpaRunRetry: ({ services, user, params }) => services.rpa.retry(scopeOf(user), params.id),
  rpaRunLogs: ({ services, user, params }) => services.rpa.logs(scopeOf(user), params.id),
  rpaRunScreenshot: ({ services, user, params }) => services.rpa.screenshot(scopeOf(user), params.id),

  rpaClaim: ({ services, user, body }) => services.rpa.queue.claim(scopeOf(user), body.clientId, body.max),
  rpaHeartbeat: ({ services, user, body }) => services.rpa.queue.heartbeat(scopeOf(user), body.clientId, body.runIds),
  rpaLogAppend: ({ services, user, body }) => services.rpa.queue.appendLogs(scopeOf(user), body),
  rpaFinish: ({ services, user, body }) => services.rpa.queue.finish(scopeOf(user), body),
} satisfies Partial<Handlers>;

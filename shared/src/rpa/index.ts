export { type Condition, compareOps } from './control.js';
export { type CookieRobotOptions, cookieRobotFlow } from './cookie-robot.js';
export { RpaKey } from './fields.js';
export * from './flow.js';
export * from './interpolate.js';
export { rpaRunBodySchema } from './run-body.js';

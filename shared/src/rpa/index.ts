export type { Condition } from './control.js';
export * from './cookie-robot.js';
export * from './flow.js';
export * from './interpolate.js';
export { rpaRunBodySchema } from './run-body.js';

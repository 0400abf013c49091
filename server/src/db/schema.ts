/** Every table of the server, for Drizzle and drizzle-kit. Each module owns its tables.ts. */
export * from '../modules/accounts/tables.js';
export * from '../modules/captcha/tables.js';
export * from '../modules/clients/tables.js';
export * from '../modules/extensions/tables.js';
export * from '../modules/fingerprints/tables.js';
export * from '../modules/groups/tables.js';
export * from '../modules/keys/tables.js';
export * from '../modules/logs/tables.js';
export * from '../modules/menus/tables.js';
export * from '../modules/outbox/tables.js';
export * from '../modules/profiles/tables.js';
export * from '../modules/proxies/tables.js';
export * from '../modules/ratelimit/tables.js';
export * from '../modules/security/tables.js';
export * from '../modules/sessions/tables.js';
export * from '../modules/settings/tables.js';
export * from '../modules/verify/tables.js';

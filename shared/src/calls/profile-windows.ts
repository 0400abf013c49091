import { z } from 'zod';
import { idListRule, textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import { idsBody } from '../schemas/profile.js';

const B = '/v1/browserInfos';

/** One open profile window as its client last reported it (docs/profiles.md, Window status). */
export const windowStatusSchema = z.object({
  id: z.number(),
  /** 1 while the client reports the window open. */
  status: z.number(),
  /** The page the window shows ('' before the first report). */
  url: z.string(),
  userId: z.number(),
  username: z.string(),
  device: z.string(),
  updatedTime: z.string().nullable(),
});

/**
 * The desktop client's "mark window status" (ids, status 1 or 0, url): which profile windows are
 * open and on what page, for the teammates who see the profiles (docs/profiles.md, Window status).
 */
export const profileWindowCalls = {
  profileMarkWindowStatus: call({
    method: 'POST',
    path: `${B}/markWindowStatus`,
    summary: 'The client reports profile windows open on a page (status 1, url) or closed (status 0)',
    auth: 'user',
    permissions: ['browser:open'],
    body: z.object({
      ids: idListRule(100),
      status: z.union([z.literal(0), z.literal(1)]),
      url: textRule(2048).default(''),
      device: textRule(100).default(''),
    }),
    result: z.object({ count: z.number() }),
  }),
  profileWindowStatus: call({
    method: 'POST',
    path: `${B}/getWindowStatus`,
    summary: 'The open windows of these profiles and the page each shows; closed ones are left out',
    auth: 'user',
    permissions: ['browser:list'],
    body: idsBody,
    result: z.array(windowStatusSchema),
  }),
} satisfies Record<string, CallDef>;

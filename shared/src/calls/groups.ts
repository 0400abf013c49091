import { z } from 'zod';
import { INT32_MAX, idRule, intRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import * as P from '../schemas/profile.js';
import { nameRule } from '../validation.js';

/** Profile groups: every profile is in one (the default group when none is chosen). */
export const groupCalls = {
  groupList: call({
    method: 'POST',
    path: '/v1/browserGroups/list',
    summary: 'Profile groups with their profile counts (the default group first)',
    auth: 'user',
    permissions: ['group:list'],
    result: z.array(P.groupSchema),
  }),
  groupCreate: call({
    method: 'POST',
    path: '/v1/browserGroups',
    summary: 'Create a group',
    auth: 'user',
    permissions: ['group:create'],
    body: z.object({ name: nameRule, sort: intRule(0, INT32_MAX).default(0) }),
    result: P.groupSchema,
  }),
  groupRename: call({
    method: 'PUT',
    path: '/v1/browserGroups',
    summary: 'Rename a group',
    auth: 'user',
    permissions: ['group:update'],
    body: P.idBody.extend({ name: nameRule }),
    result: z.boolean(),
  }),
  groupDelete: call({
    method: 'DELETE',
    path: '/v1/browserGroups',
    summary: 'Delete groups; their profiles move to the default group',
    auth: 'user',
    permissions: ['group:delete'],
    body: P.idsBody,
    result: P.countResult,
  }),
  groupMoveProfiles: call({
    method: 'POST',
    path: '/v1/browserGroups/moveBrowsers',
    summary: 'Move profiles into a group',
    auth: 'user',
    permissions: ['browser:update'],
    body: P.idsBody.extend({ groupId: idRule }),
    result: P.countResult,
  }),
  shareGroups: call({
    method: 'POST',
    path: '/v1/browserGroups/share',
    summary: 'Share groups (and so every profile in them) with sub-accounts (add, remove or replace)',
    auth: 'user',
    permissions: ['browser:share'],
    body: P.shareGroupsBody,
    result: P.countResult,
  }),
  groupShares: call({
    method: 'POST',
    path: '/v1/browserGroups/getShare',
    summary: 'Sub-accounts a group is shared with',
    auth: 'user',
    permissions: ['group:list'],
    body: z.object({ groupId: idRule }),
    result: P.shareUsersResult,
  }),
} satisfies Record<string, CallDef>;

import { z } from 'zod';
import { type CallDef, call } from '../call-def.js';
import * as Ph from '../schemas/phone.js';
import { countResult, idsBody } from '../schemas/profile.js';

const GROUP = '/v1/cloudphone/cloudPhonesGroup';

/**
 * Groups of cloud-phone environments (docs/phones.md, Groups): a main account's groups; a
 * sub-account sees those holding an environment shared with it (and those it made).
 */
export const phoneGroupCalls = {
  phoneGroupList: call({
    method: 'POST',
    path: `${GROUP}/list`,
    summary: 'The environment groups the caller sees, with how many of its environments each holds',
    auth: 'user',
    permissions: ['phone:list'],
    result: z.array(Ph.phoneGroupSchema),
  }),
  phoneGroupCreate: call({
    method: 'POST',
    path: GROUP,
    summary: 'Create an environment group',
    auth: 'user',
    permissions: ['phone:update'],
    body: Ph.phoneGroupCreateBody,
    result: Ph.phoneGroupSchema,
  }),
  phoneGroupRename: call({
    method: 'PUT',
    path: GROUP,
    summary: 'Rename an environment group',
    auth: 'user',
    permissions: ['phone:update'],
    body: Ph.phoneGroupRenameBody,
    result: z.boolean(),
  }),
  phoneGroupDelete: call({
    method: 'DELETE',
    path: GROUP,
    summary: 'Delete environment groups; their environments become ungrouped',
    auth: 'user',
    permissions: ['phone:update'],
    body: idsBody,
    result: countResult,
  }),
  phoneGroupMove: call({
    method: 'POST',
    path: `${GROUP}/moveEnvs`,
    summary: 'Move environments into a group, or out of any (groupId null)',
    auth: 'user',
    permissions: ['phone:update'],
    body: Ph.phoneGroupMoveBody,
    result: countResult,
  }),
} satisfies Record<string, CallDef>;

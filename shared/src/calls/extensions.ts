import { call } from '../call-def.js';
import * as E from '../schemas/extension.js';
import * as P from '../schemas/profile.js';
import { pagedList } from './common.js';

const X = '/v1/browserExtend';
/** Base64 of the largest package plus the JSON around it. */
const UPLOAD_BODY_LIMIT = Math.ceil(E.EXTENSION_MAX_BYTES / 3) * 4 + 64 * 1024;

/**
 * Browser extensions (/v1/browserExtend, docs/profiles.md, Browser extensions): uploaded once per main account,
 * assigned to profiles, loaded by the client when it opens them.
 */
export const extensionCalls = {
  extensionList: call({
    method: 'POST',
    path: `${X}/list`,
    summary: "The main account's uploaded extensions, paged, with how many profiles load each",
    auth: 'user',
    permissions: ['extension:list'],
    body: E.extensionListBody,
    result: pagedList(E.extensionSchema),
  }),
  extensionUpload: call({
    method: 'POST',
    path: `${X}/upload`,
    summary:
      'Upload an extension (zip or crx, base64); its manifest is read and checked, and the same package uploaded twice is one extension',
    auth: 'user',
    bodyLimit: UPLOAD_BODY_LIMIT,
    permissions: ['extension:create'],
    body: E.extensionUploadBody,
    result: E.extensionSchema,
  }),
  extensionDelete: call({
    method: 'POST',
    path: `${X}/ossDeletefile`,
    summary: 'Delete extensions and their stored packages; the profiles that loaded them stop loading them',
    auth: 'user',
    permissions: ['extension:delete'],
    body: E.extensionDeleteBody,
    result: P.countResult,
  }),
  extensionProfiles: call({
    method: 'POST',
    path: `${X}/getBrowserInfosByExtendId`,
    summary: 'The profiles (that the caller can see) which load an extension, paged',
    auth: 'user',
    permissions: ['extension:list', 'browser:list'],
    body: E.extensionProfilesBody,
    result: pagedList(P.profileSummarySchema),
  }),
  extensionMembersMayAssign: call({
    method: 'POST',
    path: `${X}/membersMayAssign`,
    summary: 'Let sub-accounts assign these extensions to profiles, or stop them (the main account only)',
    auth: 'user',
    permissions: ['extension:create'],
    body: E.extensionMembersMayAssignBody,
    result: P.countResult,
  }),
  extensionAssign: call({
    method: 'POST',
    path: `${X}/batchUpdateBrowser`,
    summary: 'Add extensions to profiles or take them off, in one transaction',
    auth: 'user',
    permissions: ['browser:update'],
    body: E.extensionAssignBody,
    result: P.countResult,
  }),
  extensionDownload: call({
    method: 'GET',
    path: `${X}/download/:id`,
    summary: "An extension's package (zip), for the client that opens a profile loading it",
    auth: 'user',
    permissions: ['browser:open'],
    blob: true,
    params: P.idParams,
    result: P.blobResult,
  }),
};

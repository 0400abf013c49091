import { z } from 'zod';
import { textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import { UPDATE_LOCALES } from '../constants.js';
import { RELEASE_PLATFORMS } from '../release-feed.js';

/** A release version as latest*.yml writes it (semver, optional leading v). */
export const releaseVersionRule = textRule(64)
  .trim()
  .regex(/^v?\d+(\.\d+){0,2}(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/, 'must be a version like 7.0.4');

export const releaseContentSchema = z.object({
  /** The release the notes belong to; '' when the server has no releases. */
  version: z.string(),
  /** upgradeContent: newline-separated list of changes. */
  content: z.string(),
  releaseDate: z.string().nullable(),
  /** For the caller's client version (x-facet-client-version): 0 none, 1 an update, 2 forced. */
  updateAvailable: z.number().int(),
  /**
   * Where the newest release's installer is, per platform that has one (a path under /updates):
   * the console's download link for the client (the client state's softUrl).
   */
  downloads: z.array(z.object({ platform: z.enum(RELEASE_PLATFORMS), url: z.string() })),
});
export type ReleaseContent = z.infer<typeof releaseContentSchema>;

/** Upgrade content by version (docs/client.md, Self-update); the feed itself is served at /updates (not a call). */
export const releaseCalls = {
  getContent: call({
    method: 'POST',
    path: '/v1/sysVersions/getContent',
    summary: 'Release notes of a client version (or the newest release), in one of the update locales',
    auth: 'public',
    body: z
      .object({
        version: releaseVersionRule.optional(),
        /** The notes' language (docs/client.md, Release notes per language); English when the release has none in it. */
        locale: z.enum(UPDATE_LOCALES).optional(),
      })
      .optional(),
    result: releaseContentSchema,
  }),
} satisfies Record<string, CallDef>;

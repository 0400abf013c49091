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

/** Which notes file a text is: one of the update locales, or `default` (notes/<version>.md, any language). */
export const RELEASE_NOTES_KEYS = ['default', ...UPDATE_LOCALES] as const;
export type ReleaseNotesKey = (typeof RELEASE_NOTES_KEYS)[number];

/** The operator's view of the releases folder (docs/client.md, The operator's view). */
export const releasesOverviewSchema = z.object({
  /** The folder the server serves; '' when the server has none configured. */
  folder: z.string(),
  feeds: z.array(
    z.object({
      platform: z.enum(RELEASE_PLATFORMS),
      file: z.string(),
      version: z.string(),
      releaseDate: z.string().nullable(),
      forced: z.boolean(),
      minimumVersion: z.string().nullable(),
      /** latest*.yml.sig is beside the feed (the client checks it; the server does not). */
      signed: z.boolean(),
      /** The feed's first file, and its size in the folder (null: the file is not there). */
      installer: z.object({ name: z.string(), size: z.number().int().nullable() }).nullable(),
    }),
  ),
  /** Feed files the server skips, with the reason (the clients see no release from them). */
  broken: z.array(z.object({ file: z.string(), reason: z.string() })),
  /** Every version a feed names or a notes file is written for, newest first, with its notes files. */
  versions: z.array(z.object({ version: z.string(), notes: z.array(z.enum(RELEASE_NOTES_KEYS)) })),
});
export type ReleasesOverview = z.infer<typeof releasesOverviewSchema>;

export const releaseNotesSchema = z.object({
  version: z.string(),
  /** Each notes file's text; '' where there is none. */
  notes: z.object(
    Object.fromEntries(RELEASE_NOTES_KEYS.map((k) => [k, z.string()])) as Record<ReleaseNotesKey, z.ZodString>,
  ),
});
export type ReleaseNotes = z.infer<typeof releaseNotesSchema>;

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
  adminReleases: call({
    method: 'POST',
    path: '/v1/admin/releases',
    summary: 'What the releases folder holds: each platform feed, its installer and signature, and the notes files',
    auth: 'user',
    permissions: ['admin:content'],
    result: releasesOverviewSchema,
  }),
  adminReleaseNotes: call({
    method: 'POST',
    path: '/v1/admin/releases/notes',
    summary: "A version's release notes files, in each update locale and the default",
    auth: 'user',
    permissions: ['admin:content'],
    body: z.object({ version: releaseVersionRule }),
    result: releaseNotesSchema,
  }),
  adminReleaseNotesSave: call({
    method: 'POST',
    path: '/v1/admin/releases/notes/save',
    summary: "Write one of a version's release notes files (an empty text removes it)",
    auth: 'user',
    permissions: ['admin:content'],
    body: z.object({
      version: releaseVersionRule,
      key: z.enum(RELEASE_NOTES_KEYS),
      text: textRule(20_000),
    }),
    result: releaseNotesSchema,
  }),
} satisfies Record<string, CallDef>;

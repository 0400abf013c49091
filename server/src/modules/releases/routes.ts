import { CLIENT_VERSION_HEADER } from '@facet/shared';
import type { FastifyRequest } from 'fastify';
import type { Handlers } from '../../http/call-context.js';

/** The desktop client's version from its request header, if it sent a plausible one. */
export function clientVersionOf(req: FastifyRequest): string | null {
  const v = req.headers[CLIENT_VERSION_HEADER];
  return typeof v === 'string' && /^v?\d+(\.\d+){0,2}(-[0-9A-Za-z.-]+)?$/.test(v.trim()) ? v.trim() : null;
}

/** getContent (upgrade content by version) and the operator's view of the folder (docs/client.md, Self-update). */
export const releaseHandlers = {
  getContent: ({ services, body, request }) =>
    services.releases.content(body?.version, clientVersionOf(request), body?.locale),
  adminReleases: ({ services }) => services.releases.overview(),
  adminReleaseNotes: ({ services, body }) => services.releases.notes(body.version),
  adminReleaseNotesSave: ({ services, body }) => services.releases.saveNotes(body.version, body.key, body.text),
} satisfies Partial<Handlers>;

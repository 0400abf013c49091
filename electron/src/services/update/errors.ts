/**
 * Update errors. The event's message is one of these codes, so the console can name the
 * error in the user's language (update.errors.<code>) and recognise the file errors
 * (file-write: generic text, longer notice); the detail is for logs and the headless client.
 */
export const UPDATE_ERROR_CODES = [
  'feed-unreachable',
  'feed-invalid',
  'feed-insecure',
  'release-unsigned',
  'release-bad-signature',
  'release-foreign-host',
  'download-failed',
  'sha512-mismatch',
  'file-write',
  'no-update',
  'install-unavailable',
  'install-failed',
] as const;
export type UpdateErrorCode = (typeof UPDATE_ERROR_CODES)[number];

export class UpdateError extends Error {
  constructor(
    readonly code: UpdateErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'UpdateError';
  }
}

const FILE_ERRNOS = new Set(['ENOSPC', 'EACCES', 'EPERM', 'EROFS', 'EISDIR', 'ENOTDIR', 'EMFILE', 'EBUSY', 'EEXIST']);

/** Any failure as an UpdateError: ours kept, file-system and electron-updater errors named. */
export function toUpdateError(e: unknown, fallback: UpdateErrorCode): UpdateError {
  if (e instanceof UpdateError) return e;
  const err = e as { code?: unknown; message?: unknown } | null;
  const message = typeof err?.message === 'string' ? err.message : String(e);
  const code = typeof err?.code === 'string' ? err.code : '';
  if (FILE_ERRNOS.has(code)) return new UpdateError('file-write', message);
  if (code === 'ERR_CHECKSUM_MISMATCH' || /sha512 checksum mismatch/i.test(message))
    return new UpdateError('sha512-mismatch', message);
  if (code === 'ERR_UPDATER_INVALID_RELEASE_FEED' || code === 'ERR_UPDATER_INVALID_UPDATE_INFO')
    return new UpdateError('feed-invalid', message);
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND' || /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|fetch failed/i.test(message))
    return new UpdateError(fallback === 'download-failed' ? 'download-failed' : 'feed-unreachable', message);
  return new UpdateError(fallback, message);
}

import path from 'node:path';

/**
 * Where a chat or community chat file is fetched from: `/media/private/<kind>/<message id>/<file name>`. The same for
 * every member (so one message is broadcast alike to a whole community); who may fetch it is decided when it is
 * fetched, from the member's media cookie and the message as it is then (plugins/web-static.ts, modules/media).
 */
export type PrivateMediaKind = 'chat' | 'group' | 'community';

export const PRIVATE_MEDIA_PREFIX = '/media/private';

/** The link a presenter gives for a message's stored file (`/media/<name>`), or null when it has none. */
export function privateMediaUrl(kind: PrivateMediaKind, messageId: number, stored: string | null): string | null {
  return stored ? `${PRIVATE_MEDIA_PREFIX}/${kind}/${messageId}/${path.basename(stored)}` : null;
}

/** The cookie a member's browser fetches private media with (set by POST /api/media/access, read by the media route). */
export const MEDIA_COOKIE = 'tv_media';

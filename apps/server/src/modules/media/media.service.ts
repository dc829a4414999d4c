import crypto from 'node:crypto';
import type { MediaStorage } from '../../lib/storage.ts';
import type { PrivateMediaKind } from '../../lib/private-media.ts';
import { mayOpenFile } from './media.policy.ts';
export { MEDIA_COOKIE } from '../../lib/private-media.ts';

/** Where a kind of message says which file a member may fetch (chat and communities, behind their policies). */
export interface MessageFiles {
  /** The stored file of this message if this member may fetch it now, else null. */
  fileFor(me: number, messageId: number): Promise<string | null>;
  /** Stored files of messages after this id, in id order. */
  filesAfter(afterId: number, limit: number): Promise<Array<{ id: number; mediaUrl: string }>>;
}

export interface MediaIdentity {
  userId: number;
  sessionId: number;
}

/** The media cookie lives as long as a remembered session may; it opens nothing once its session has ended. */
export const MEDIA_COOKIE_SECONDS = 30 * 24 * 3600;
const FORMAT = /^v1\.(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Private media: a member's browser holds a cookie naming them and their session, signed with a key derived from
 * the deployment's secrets key, sent only to /media/private. A file goes out only to the member that cookie names,
 * while that session is live, and while the message's own rules let them have it (checked by chat or communities at
 * every fetch). The cookie opens nothing but these files: a stolen one is not a session.
 */
export class MediaAccessService {
  private readonly key: Buffer;

  constructor(
    secretsKey: Buffer,
    private readonly liveSessionIds: (ids: number[]) => Promise<Set<number>>,
    private readonly files: Record<PrivateMediaKind, MessageFiles>,
    private readonly media: MediaStorage,
  ) {
    // A key of its own, so a media cookie can never be taken for anything else sealed with the secrets key.
    this.key = Buffer.from(crypto.hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'tribeverse media cookie v1', 32));
  }

  private sign(payload: string) {
    return crypto.createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  /** The cookie's value for this member's session. */
  issue(identity: MediaIdentity, now = Date.now()): string {
    const payload = `v1.${identity.userId}.${identity.sessionId}.${Math.floor(now / 1000) + MEDIA_COOKIE_SECONDS}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** Who the cookie names, if it is one of ours, unaltered and not past its time (the session is checked apart). */
  private read(value: string | undefined, now = Date.now()): MediaIdentity | null {
    const match = value ? FORMAT.exec(value) : null;
    if (!match) return null;
    const [, userId, sessionId, expires, signature] = match;
    const expected = Buffer.from(this.sign(`v1.${userId}.${sessionId}.${expires}`));
    if (!crypto.timingSafeEqual(expected, Buffer.from(signature!))) return null;
    if (Number(expires) * 1000 <= now) return null;
    return { userId: Number(userId), sessionId: Number(sessionId) };
  }

  /**
   * The private file's name to send for this request, or null (answered as a plain 404: whether the file exists is
   * not for a stranger to learn). `name` must be the message's own file: an id paired with another file's name
   * opens nothing.
   */
  async open(cookie: string | undefined, kind: PrivateMediaKind, messageId: number, name: string): Promise<string | null> {
    const identity = this.read(cookie);
    if (!identity) return null;
    const [live, stored] = await Promise.all([
      this.liveSessionIds([identity.sessionId]),
      this.files[kind].fileFor(identity.userId, messageId),
    ]);
    if (!mayOpenFile(live.has(identity.sessionId), stored, name)) return null;
    return this.media.privateName(stored);
  }

  /**
   * Moves the files of messages sent before private storage out of the public folder, from where the last pass
   * stopped (`from`), page by page; returns where it got to. `stopped()` ends it early (the app is closing).
   */
  async movePublicFiles(from: Record<PrivateMediaKind, number>, stopped: () => boolean, pageSize = 500) {
    const reached = { ...from };
    for (const kind of ['chat', 'community'] as const) {
      for (;;) {
        if (stopped()) return reached;
        const page = await this.files[kind].filesAfter(reached[kind], pageSize);
        for (const file of page) await this.media.makePrivate(file.mediaUrl);
        if (page.length) reached[kind] = page[page.length - 1]!.id;
        if (page.length < pageSize) break;
      }
    }
    return reached;
  }
}

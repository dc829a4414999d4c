import type { Notification, NotificationContent, NotificationReadEvent } from '@tribeverse/shared';
import { notFound } from '../../lib/errors.ts';
import { contentOf, presentNotification } from './notifications.presenter.ts';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.ts';

/** What a notification is about, for its preview: a post, or a comment. */
export type Subject = { post: number } | { comment: number };
/** Another feature's texts of posts and comments as previews (null when gone), keyed by id. */
export type PreviewSource = (subjects: { posts: number[]; comments: number[] }) => Promise<{
  posts: Map<number, string | null>;
  comments: Map<number, string | null>;
}>;

function subjectOf(content: NotificationContent): Subject | null {
  switch (content.kind) {
    case 'like':
    case 'share':
      return { post: content.payload.post_id };
    case 'comment':
      return { comment: content.payload.comment_id };
    case 'mention':
      return content.payload.comment_id ? { comment: content.payload.comment_id } : { post: content.payload.post_id };
    default:
      return null;
  }
}

/** Delivers events to one member's sockets (all their tabs). */
export interface NotificationEvents {
  created(userId: number, notification: Notification): void;
  read(userId: number, event: NotificationReadEvent): void;
}

/** The member's notifications; every call is scoped to the caller's own rows. Events go out after the write. */
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly events?: NotificationEvents,
  ) {}

  private previewSource: PreviewSource | undefined;

  /** The feed lends its texts so a notification says what it is about, as the post or comment reads now. */
  usePreviews(source: PreviewSource) {
    this.previewSource = source;
  }

  /** Each row with its preview, looked up in one call for the whole page. */
  async present(rows: NotificationRow[]): Promise<Notification[]> {
    const subjects = rows.map((row) => subjectOf(contentOf(row)));
    const wanted = { posts: [] as number[], comments: [] as number[] };
    for (const s of subjects) {
      if (s && 'post' in s) wanted.posts.push(s.post);
      else if (s) wanted.comments.push(s.comment);
    }
    const found =
      this.previewSource && (wanted.posts.length || wanted.comments.length)
        ? await this.previewSource(wanted)
        : { posts: new Map<number, string | null>(), comments: new Map<number, string | null>() };
    return rows.map((row, i) => {
      const s = subjects[i];
      const preview = !s ? null : 'post' in s ? found.posts.get(s.post) : found.comments.get(s.comment);
      return presentNotification(row, preview ?? null);
    });
  }

  /**
   * notify() unless the member already has a notification of this kind about the same thing (the payload fields in
   * `once`): liking, unliking and liking again is one notification, not three. Null when nothing was recorded.
   */
  async notifyOnce(userId: number, content: NotificationContent, once: Record<string, unknown>) {
    if (await this.notifications.exists(userId, content.kind, once)) return null;
    return this.notify(userId, content);
  }

  /** For other features (follows, likes, comments): records a notification for one member and tells their tabs. */
  async notify(userId: number, { kind, payload }: NotificationContent) {
    const row = await this.notifications.create(userId, kind, payload);
    if (this.events) {
      const [notification] = await this.present([row]);
      this.events.created(userId, notification!);
    }
    return row;
  }

  unreadCount(userId: number) {
    return this.notifications.countUnread(userId);
  }

  async list(userId: number, page: number, limit: number) {
    const [{ rows, hasMore }, unreadCount] = await Promise.all([
      this.notifications.findPageForUser(userId, page, limit),
      this.notifications.countUnread(userId),
    ]);
    return { notifications: await this.present(rows), hasMore, unreadCount };
  }

  async markAllRead(userId: number) {
    await this.notifications.markAllRead(userId);
    const unreadCount = await this.notifications.countUnread(userId);
    this.events?.read(userId, { id: null, unreadCount });
    return unreadCount;
  }

  async markRead(userId: number, id: number) {
    if (!(await this.notifications.markRead(userId, id))) throw notFound('Notification not found.');
    const unreadCount = await this.notifications.countUnread(userId);
    this.events?.read(userId, { id, unreadCount });
    return unreadCount;
  }
}

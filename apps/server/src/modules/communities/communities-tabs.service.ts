import {
  COMMUNITY_PREVIEW_MEDIA,
  ErrorCode,
  type CommunityEvent,
  type CommunityPreview,
  type CommunityTabChangedEvent,
  type DiscussionThread,
  type MediaPost,
} from '@tribeverse/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { reencodePicture } from '../../lib/images.ts';
import type { MemberCard } from '../users/users.service.ts';
import type { CommunityMembersRepository } from './communities-members.repository.ts';
import type { CommunityTabsRepository, EventRow, PostRow, ThreadRow } from './communities-tabs.repository.ts';
import type { CommunityAccess } from './communities-access.ts';
import { presentUser } from './communities.presenter.ts';

const PREVIEW = 5;
const page = <T extends { id: number }>(rows: T[], limit: number) => ({
  items: rows.slice(0, limit),
  next: rows.length > limit ? rows[limit - 1]!.id : null,
});

const presentThread = (t: ThreadRow, author: MemberCard): DiscussionThread => ({
  id: t.id,
  community_id: t.communityId,
  title: t.title,
  body: t.body,
  image: t.image,
  starter: presentUser(author),
  reply_count: t.replyCount,
  last_reply_at: t.lastReplyAt?.toISOString() ?? null,
  created_at: t.createdAt.toISOString(),
});

/** The discussion, media and events tabs: members read and write; authors delete, and moderators what those below them wrote. */
export class CommunityTabsService {
  constructor(
    private readonly tabs: CommunityTabsRepository,
    private readonly members: CommunityMembersRepository,
    private readonly access: CommunityAccess,
    private readonly media: MediaStorage,
    /** Tells the community's room that a tab changed (after the write): open tabs ask again. */
    private readonly changed: (event: CommunityTabChangedEvent) => void = () => {},
  ) {}

  private async picture(data: Buffer) {
    const [picture] = await reencodePicture(
      data,
      [{ resize: { width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true }, quality: 82, animated: true }],
      'Only pictures can be attached (JPEG, PNG, WebP, GIF or AVIF).',
    );
    return this.media.save(picture!.data, 'webp');
  }

  async threads(me: number, id: number, query: { before?: number; limit: number }) {
    await this.access.member(me, id);
    const rows = await this.tabs.listThreads(id, query.limit + 1, query.before);
    const { next } = page(
      rows.map((r) => r.thread),
      query.limit,
    );
    return { threads: rows.slice(0, query.limit).map((r) => presentThread(r.thread, r.author)), next_cursor: next };
  }

  async thread(me: number, id: number, threadId: number) {
    await this.access.member(me, id);
    const row = await this.tabs.findThread(id, threadId);
    if (!row) throw notFound('Thread not found.');
    return presentThread(row.thread, row.author);
  }

  async createThread(me: number, id: number, input: { title: string; body: string }, image?: Buffer) {
    await this.access.writer(me, id);
    const url = image ? await this.picture(image) : null;
    const row = await this.tabs.createThread({ communityId: id, authorId: me, title: input.title, body: input.body, image: url });
    this.changed({ community_id: id, tab: 'threads' });
    const [author] = await this.members.findUsers([me]);
    return presentThread(row, author!);
  }

  async deleteThread(me: number, id: number, threadId: number) {
    const access = await this.access.member(me, id);
    const row = await this.tabs.findThread(id, threadId);
    if (!row) throw notFound('Thread not found.');
    // As in chat: a moderator removes only what members below them started (with its replies).
    const { own } = await this.access.removal(me, access, row.thread.authorId, 'remove_message', 'threads');
    await this.tabs.deleteThread(threadId);
    this.changed({ community_id: id, tab: 'threads', thread_id: threadId });
    await this.media.remove(row.thread.image);
    if (!own) await this.access.audit(id, me, 'thread.remove', row.thread.authorId, { thread_id: threadId, title: row.thread.title });
  }

  async replies(me: number, id: number, threadId: number, query: { before?: number; limit: number }) {
    await this.thread(me, id, threadId);
    const rows = await this.tabs.listReplies(threadId, query.limit + 1, query.before);
    const { next } = page(
      rows.map((r) => r.reply),
      query.limit,
    );
    return {
      replies: rows.slice(0, query.limit).map((r) => ({
        id: r.reply.id,
        thread_id: r.reply.threadId,
        text: r.reply.text,
        author: presentUser(r.author),
        created_at: r.reply.createdAt.toISOString(),
      })),
      next_cursor: next,
    };
  }

  async reply(me: number, id: number, threadId: number, text: string) {
    await this.access.writer(me, id);
    if (!(await this.tabs.findThread(id, threadId))) throw notFound('Thread not found.');
    const row = await this.tabs.addReply(threadId, me, text);
    this.changed({ community_id: id, tab: 'threads', thread_id: threadId });
    const [author] = await this.members.findUsers([me]);
    return { id: row.id, thread_id: threadId, text: row.text, author: presentUser(author), created_at: row.createdAt.toISOString() };
  }

  private async presentPosts(me: number, rows: Array<{ post: PostRow; author: MemberCard }>): Promise<MediaPost[]> {
    const stats = await this.tabs.postStats(
      rows.map((r) => r.post.id),
      me,
    );
    return rows.map(({ post, author }) => ({
      id: post.id,
      community_id: post.communityId,
      text: post.text,
      images: post.images,
      author: presentUser(author),
      likes: stats.likes.get(post.id) ?? 0,
      shares: stats.shares.get(post.id) ?? 0,
      liked_by_me: stats.liked.has(post.id),
      created_at: post.createdAt.toISOString(),
    }));
  }

  async posts(me: number, id: number, query: { before?: number; limit: number }) {
    await this.access.member(me, id);
    const rows = await this.tabs.listPosts(id, query.limit + 1, query.before);
    const { next } = page(
      rows.map((r) => r.post),
      query.limit,
    );
    return { posts: await this.presentPosts(me, rows.slice(0, query.limit)), next_cursor: next };
  }

  /**
   * A public community's newest pictures, for those who have not joined (access.visitor: never a private community,
   * never its banned). Read only: no author, likes or text, which stay for members.
   */
  async preview(me: number, id: number): Promise<CommunityPreview> {
    await this.access.visitor(me, id);
    // Posts with text only have no picture: a few more posts than pictures shown, newest first.
    const rows = await this.tabs.listPosts(id, COMMUNITY_PREVIEW_MEDIA * 2);
    const recent = rows.flatMap(({ post }) =>
      post.images.map((image) => ({ post_id: post.id, image, created_at: post.createdAt.toISOString() })),
    );
    return { community_id: id, recent_media: recent.slice(0, COMMUNITY_PREVIEW_MEDIA) };
  }

  async createPost(me: number, id: number, text: string, images: Buffer[]) {
    await this.access.writer(me, id);
    if (!text && !images.length) throw badRequest('Add a picture or some text.', ErrorCode.VALIDATION_FAILED, 'images');
    const urls: string[] = [];
    try {
      for (const image of images) urls.push(await this.picture(image));
      const post = await this.tabs.createPost({ communityId: id, authorId: me, text, images: urls });
      this.changed({ community_id: id, tab: 'posts' });
      const [author] = await this.members.findUsers([me]);
      return (await this.presentPosts(me, [{ post, author: author! }]))[0]!;
    } catch (error) {
      await Promise.all(urls.map((u) => this.media.remove(u)));
      throw error;
    }
  }

  private async post(me: number, id: number, postId: number) {
    const access = await this.access.member(me, id);
    const post = await this.tabs.findPost(id, postId);
    if (!post) throw notFound('Post not found.');
    return { ...access, post };
  }

  async deletePost(me: number, id: number, postId: number) {
    const { post, ...access } = await this.post(me, id, postId);
    const { own } = await this.access.removal(me, access, post.authorId, 'remove_message', 'posts');
    await this.tabs.deletePost(postId);
    this.changed({ community_id: id, tab: 'posts' });
    await Promise.all(post.images.map((u) => this.media.remove(u)));
    if (!own) await this.access.audit(id, me, 'post.remove', post.authorId, { post_id: postId });
  }

  async like(me: number, id: number, postId: number, on: boolean) {
    await this.post(me, id, postId);
    await this.tabs.setLike(postId, me, on);
    this.changed({ community_id: id, tab: 'posts' });
    const stats = await this.tabs.postStats([postId], me);
    return { liked: stats.liked.has(postId), likes: stats.likes.get(postId) ?? 0 };
  }

  async share(me: number, id: number, postId: number) {
    await this.post(me, id, postId);
    await this.tabs.share(postId, me);
    this.changed({ community_id: id, tab: 'posts' });
    return { shares: (await this.tabs.postStats([postId], me)).shares.get(postId) ?? 0 };
  }

  private async presentEvents(me: number, rows: Array<{ event: EventRow; host: MemberCard }>): Promise<CommunityEvent[]> {
    const attendees = await this.tabs.attendees(
      rows.map((r) => r.event.id),
      5000,
    );
    return rows.map(({ event, host }) => {
      const going = attendees.filter((a) => a.eventId === event.id);
      return {
        id: event.id,
        community_id: event.communityId,
        kind: event.kind,
        title: event.title,
        description: event.description,
        link: event.link,
        starts_at: event.startsAt.toISOString(),
        host: presentUser(host),
        going_count: going.length,
        going: going.some((a) => a.user.id === me),
        attendees_preview: going.slice(0, PREVIEW).map((a) => presentUser(a.user)),
        created_at: event.createdAt.toISOString(),
      };
    });
  }

  async events(me: number, id: number, query: { before?: number; limit: number; past?: boolean }) {
    await this.access.member(me, id);
    const rows = await this.tabs.listEvents(id, query.past ?? false, query.limit + 1, query.before);
    const { next } = page(
      rows.map((r) => r.event),
      query.limit,
    );
    return { events: await this.presentEvents(me, rows.slice(0, query.limit)), next_cursor: next };
  }

  async createEvent(
    me: number,
    id: number,
    input: { kind: EventRow['kind']; title: string; description: string; link?: string | null; starts_at: string },
  ) {
    await this.access.withRight(me, id, 'create_event');
    const event = await this.tabs.createEvent({
      communityId: id,
      hostId: me,
      kind: input.kind,
      title: input.title,
      description: input.description,
      link: input.link ?? null,
      startsAt: new Date(input.starts_at),
    });
    this.changed({ community_id: id, tab: 'events' });
    const [host] = await this.members.findUsers([me]);
    return (await this.presentEvents(me, [{ event, host: host! }]))[0]!;
  }

  private async event(me: number, id: number, eventId: number) {
    const access = await this.access.member(me, id);
    const row = await this.tabs.findEvent(id, eventId);
    if (!row) throw notFound('Event not found.');
    return { ...access, row };
  }

  async deleteEvent(me: number, id: number, eventId: number) {
    const { row, ...access } = await this.event(me, id, eventId);
    const { own } = await this.access.removal(me, access, row.event.hostId, 'create_event', 'events');
    await this.tabs.deleteEvent(eventId);
    this.changed({ community_id: id, tab: 'events' });
    if (!own) await this.access.audit(id, me, 'event.remove', row.event.hostId, { event_id: eventId, title: row.event.title });
  }

  async rsvp(me: number, id: number, eventId: number, going: boolean) {
    const { row } = await this.event(me, id, eventId);
    await this.tabs.setRsvp(eventId, me, going);
    this.changed({ community_id: id, tab: 'events' });
    return (await this.presentEvents(me, [row]))[0]!;
  }

  async attendees(me: number, id: number, eventId: number) {
    await this.event(me, id, eventId);
    return { attendees: (await this.tabs.attendees([eventId])).map((a) => presentUser(a.user)) };
  }
}

import { and, asc, count, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  communityEventRsvps,
  communityEvents,
  communityPostLikes,
  communityPostShares,
  communityPosts,
  communityThreadReplies,
  communityThreads,
  users,
} from '../../db/schema/index.ts';
import { userColumns } from './communities-members.repository.ts';

export type ThreadRow = typeof communityThreads.$inferSelect;
export type ReplyRow = typeof communityThreadReplies.$inferSelect;
export type PostRow = typeof communityPosts.$inferSelect;
export type EventRow = typeof communityEvents.$inferSelect;

/** The tabs' tables: discussion threads and replies, media posts with likes and shares, events and RSVPs. */
export class CommunityTabsRepository {
  constructor(private readonly db: Db) {}

  /** Every stored file of a community's tabs, to remove with the community. */
  async mediaOf(communityId: number): Promise<string[]> {
    const [threads, posts] = await Promise.all([
      this.db.select({ url: communityThreads.image }).from(communityThreads).where(eq(communityThreads.communityId, communityId)),
      this.db.select({ urls: communityPosts.images }).from(communityPosts).where(eq(communityPosts.communityId, communityId)),
    ]);
    return [...threads.map((t) => t.url), ...posts.flatMap((p) => p.urls)].filter((u): u is string => Boolean(u));
  }

  listThreads(communityId: number, limit: number, before?: number) {
    return this.db
      .select({ thread: communityThreads, author: userColumns })
      .from(communityThreads)
      .innerJoin(users, eq(users.id, communityThreads.authorId))
      .where(and(eq(communityThreads.communityId, communityId), before ? lt(communityThreads.id, before) : undefined))
      .orderBy(desc(communityThreads.id))
      .limit(limit);
  }

  async findThread(communityId: number, id: number) {
    const [row] = await this.db
      .select({ thread: communityThreads, author: userColumns })
      .from(communityThreads)
      .innerJoin(users, eq(users.id, communityThreads.authorId))
      .where(and(eq(communityThreads.id, id), eq(communityThreads.communityId, communityId)))
      .limit(1);
    return row ?? null;
  }

  async createThread(values: typeof communityThreads.$inferInsert): Promise<ThreadRow> {
    const [row] = await this.db.insert(communityThreads).values(values).returning();
    return row!;
  }

  async deleteThread(id: number) {
    await this.db.delete(communityThreads).where(eq(communityThreads.id, id));
  }

  listReplies(threadId: number, limit: number, before?: number) {
    return this.db
      .select({ reply: communityThreadReplies, author: userColumns })
      .from(communityThreadReplies)
      .innerJoin(users, eq(users.id, communityThreadReplies.authorId))
      .where(and(eq(communityThreadReplies.threadId, threadId), before ? lt(communityThreadReplies.id, before) : undefined))
      .orderBy(desc(communityThreadReplies.id))
      .limit(limit);
  }

  async addReply(threadId: number, authorId: number, text: string): Promise<ReplyRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(communityThreadReplies).values({ threadId, authorId, text }).returning();
      await tx
        .update(communityThreads)
        .set({ replyCount: sql`${communityThreads.replyCount} + 1`, lastReplyAt: row!.createdAt })
        .where(eq(communityThreads.id, threadId));
      return row!;
    });
  }

  listPosts(communityId: number, limit: number, before?: number) {
    return this.db
      .select({ post: communityPosts, author: userColumns })
      .from(communityPosts)
      .innerJoin(users, eq(users.id, communityPosts.authorId))
      .where(and(eq(communityPosts.communityId, communityId), before ? lt(communityPosts.id, before) : undefined))
      .orderBy(desc(communityPosts.id))
      .limit(limit);
  }

  async findPost(communityId: number, id: number): Promise<PostRow | null> {
    const [row] = await this.db
      .select()
      .from(communityPosts)
      .where(and(eq(communityPosts.id, id), eq(communityPosts.communityId, communityId)))
      .limit(1);
    return row ?? null;
  }

  async createPost(values: typeof communityPosts.$inferInsert): Promise<PostRow> {
    const [row] = await this.db.insert(communityPosts).values(values).returning();
    return row!;
  }

  async deletePost(id: number) {
    await this.db.delete(communityPosts).where(eq(communityPosts.id, id));
  }

  /** Likes and shares per post, and which the member liked. */
  async postStats(postIds: number[], me: number) {
    if (!postIds.length) return { likes: new Map<number, number>(), shares: new Map<number, number>(), liked: new Set<number>() };
    const [likes, shares, liked] = await Promise.all([
      this.db
        .select({ id: communityPostLikes.postId, n: count() })
        .from(communityPostLikes)
        .where(inArray(communityPostLikes.postId, postIds))
        .groupBy(communityPostLikes.postId),
      this.db
        .select({ id: communityPostShares.postId, n: count() })
        .from(communityPostShares)
        .where(inArray(communityPostShares.postId, postIds))
        .groupBy(communityPostShares.postId),
      this.db
        .select({ id: communityPostLikes.postId })
        .from(communityPostLikes)
        .where(and(inArray(communityPostLikes.postId, postIds), eq(communityPostLikes.userId, me))),
    ]);
    return {
      likes: new Map(likes.map((r) => [r.id, Number(r.n)])),
      shares: new Map(shares.map((r) => [r.id, Number(r.n)])),
      liked: new Set(liked.map((r) => r.id)),
    };
  }

  async setLike(postId: number, userId: number, on: boolean) {
    if (on) await this.db.insert(communityPostLikes).values({ postId, userId }).onConflictDoNothing();
    else await this.db.delete(communityPostLikes).where(and(eq(communityPostLikes.postId, postId), eq(communityPostLikes.userId, userId)));
  }

  async share(postId: number, userId: number) {
    await this.db.insert(communityPostShares).values({ postId, userId }).onConflictDoNothing();
  }

  /** Upcoming events soonest first (`past`: started ones, latest first); the cursor is the last event's id. */
  async listEvents(communityId: number, past: boolean, limit: number, before?: number) {
    const now = sql`now()`;
    const where = [
      eq(communityEvents.communityId, communityId),
      past ? lte(communityEvents.startsAt, now) : gt(communityEvents.startsAt, now),
    ];
    if (before) {
      const cursor = sql`(select ${communityEvents.startsAt} from ${communityEvents} where ${communityEvents.id} = ${before})`;
      where.push(
        past
          ? sql`(${communityEvents.startsAt}, ${communityEvents.id}) < (${cursor}, ${before})`
          : sql`(${communityEvents.startsAt}, ${communityEvents.id}) > (${cursor}, ${before})`,
      );
    }
    return this.db
      .select({ event: communityEvents, host: userColumns })
      .from(communityEvents)
      .innerJoin(users, eq(users.id, communityEvents.hostId))
      .where(and(...where))
      .orderBy(
        past ? desc(communityEvents.startsAt) : asc(communityEvents.startsAt),
        past ? desc(communityEvents.id) : asc(communityEvents.id),
      )
      .limit(limit);
  }

  async findEvent(communityId: number, id: number) {
    const [row] = await this.db
      .select({ event: communityEvents, host: userColumns })
      .from(communityEvents)
      .innerJoin(users, eq(users.id, communityEvents.hostId))
      .where(and(eq(communityEvents.id, id), eq(communityEvents.communityId, communityId)))
      .limit(1);
    return row ?? null;
  }

  async createEvent(values: typeof communityEvents.$inferInsert): Promise<EventRow> {
    const [row] = await this.db.insert(communityEvents).values(values).returning();
    return row!;
  }

  async deleteEvent(id: number) {
    await this.db.delete(communityEvents).where(eq(communityEvents.id, id));
  }

  async setRsvp(eventId: number, userId: number, going: boolean) {
    if (going) await this.db.insert(communityEventRsvps).values({ eventId, userId }).onConflictDoNothing();
    else
      await this.db
        .delete(communityEventRsvps)
        .where(and(eq(communityEventRsvps.eventId, eventId), eq(communityEventRsvps.userId, userId)));
  }

  /** Who goes, in the order they said so. */
  attendees(eventIds: number[], limit = 500) {
    if (!eventIds.length) return Promise.resolve([]);
    return this.db
      .select({ eventId: communityEventRsvps.eventId, user: userColumns })
      .from(communityEventRsvps)
      .innerJoin(users, eq(users.id, communityEventRsvps.userId))
      .where(inArray(communityEventRsvps.eventId, eventIds))
      .orderBy(asc(communityEventRsvps.createdAt))
      .limit(limit);
  }
}

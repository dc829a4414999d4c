import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { keptFiles, sentWithModeration } from '../../db/persistence/moderated-messages.ts';
import {
  communities,
  communityEventRsvps,
  communityEvents,
  communityInvites,
  communityMembers,
  conversationMembers,
  conversations,
  messages as messagesTable,
  communityPostLikes,
  communityPostShares,
  communityPosts,
  communityThreadReplies,
  communityThreads,
} from '../../db/schema/index.ts';

/** The member who took over a community whose owner deleted their account. */
export interface Heir {
  userId: number;
  communityId: number;
  communityName: string;
}

const channels = eq(conversations.kind, 'channel');
const RANK = sql<number>`case ${communityMembers.role} when 'admin' then 2 when 'moderator' then 1 else 0 end`;

/** What a member made and joined across communities: for 'Download my data' and for deleting the account. */
export class CommunityAccountDataRepository {
  constructor(private readonly db: Db) {}

  async exportOf(userId: number) {
    const [memberships, messages, threads, replies, posts, events, rsvps] = await Promise.all([
      this.db
        .select({ member: communityMembers, name: communities.name, ownerId: communities.ownerId })
        .from(communityMembers)
        .innerJoin(communities, eq(communities.id, communityMembers.communityId))
        .where(eq(communityMembers.userId, userId))
        .orderBy(asc(communityMembers.createdAt)),
      sentWithModeration(this.db, userId, channels),
      this.db.select().from(communityThreads).where(eq(communityThreads.authorId, userId)).orderBy(asc(communityThreads.id)),
      this.db
        .select()
        .from(communityThreadReplies)
        .where(eq(communityThreadReplies.authorId, userId))
        .orderBy(asc(communityThreadReplies.id)),
      this.db.select().from(communityPosts).where(eq(communityPosts.authorId, userId)).orderBy(asc(communityPosts.id)),
      this.db.select().from(communityEvents).where(eq(communityEvents.hostId, userId)).orderBy(asc(communityEvents.id)),
      this.db.select().from(communityEventRsvps).where(eq(communityEventRsvps.userId, userId)).orderBy(asc(communityEventRsvps.createdAt)),
    ]);
    return { memberships, messages, threads, replies, posts, events, rsvps };
  }

  /**
   * Erases the member from communities in one transaction and returns the files nobody can reach any more.
   * A community they own passes to its highest-ranked, longest-standing member (admins first); one with nobody
   * else in it is deleted. Their community messages, threads and replies stay for the others, from 'Deleted
   * member' (as in private chat), without attachments (the messages' are account-data's, as for every message);
   * their media posts, likes, shares and RSVPs go, with their read positions in channels;
   * invite links they made stop working. `heirs`: who took over which community, to be told once this has committed.
   */
  async erase(userId: number): Promise<{ files: string[]; deleted: number[]; left: number[]; heirs: Heir[] }> {
    return this.db.transaction(async (tx) => {
      const files: string[] = [];
      const deleted: number[] = [];
      const heirs: Heir[] = [];
      const owned = await tx.select().from(communities).where(eq(communities.ownerId, userId));
      for (const community of owned) {
        const [heir] = await tx
          .select({ userId: communityMembers.userId })
          .from(communityMembers)
          .where(
            and(eq(communityMembers.communityId, community.id), eq(communityMembers.state, 'member'), ne(communityMembers.userId, userId)),
          )
          .orderBy(desc(RANK), asc(communityMembers.stateAt), asc(communityMembers.userId))
          .limit(1);
        if (heir) {
          await tx.update(communities).set({ ownerId: heir.userId }).where(eq(communities.id, community.id));
          await tx
            .update(communityMembers)
            .set({ role: 'owner' })
            .where(and(eq(communityMembers.communityId, community.id), eq(communityMembers.userId, heir.userId)));
          heirs.push({ userId: heir.userId, communityId: community.id, communityName: community.name });
        } else {
          files.push(...(await this.filesOfCommunity(tx, community.id)), ...(community.image ? [community.image] : []));
          await tx.delete(communities).where(eq(communities.id, community.id));
          deleted.push(community.id);
        }
      }
      const left = await tx
        .delete(communityMembers)
        .where(and(eq(communityMembers.userId, userId), eq(communityMembers.state, 'member')))
        .returning({ id: communityMembers.communityId });
      await tx.delete(communityMembers).where(eq(communityMembers.userId, userId));
      // Their read positions, Clear chat and mutes in channels. Their channel messages' files and reactions are the
      // account's own erasure's (account-data), as every message's.
      await tx
        .delete(conversationMembers)
        .where(
          and(
            eq(conversationMembers.userId, userId),
            inArray(conversationMembers.conversationId, tx.select({ id: conversations.id }).from(conversations).where(channels)),
          ),
        );
      const posts = await tx.delete(communityPosts).where(eq(communityPosts.authorId, userId)).returning({ images: communityPosts.images });
      files.push(...posts.flatMap((p) => p.images));
      await tx.delete(communityPostLikes).where(eq(communityPostLikes.userId, userId));
      await tx.delete(communityPostShares).where(eq(communityPostShares.userId, userId));
      await tx.delete(communityEventRsvps).where(eq(communityEventRsvps.userId, userId));
      await tx
        .update(communityInvites)
        .set({ revokedAt: new Date() })
        .where(and(eq(communityInvites.createdBy, userId), isNull(communityInvites.revokedAt)));
      return { files, deleted, left: left.map((r) => r.id).filter((id) => !deleted.includes(id)), heirs };
    });
  }

  private async filesOfCommunity(tx: Tx, communityId: number): Promise<string[]> {
    const media = await tx
      .select({ url: messagesTable.mediaUrl })
      .from(messagesTable)
      .innerJoin(conversations, eq(conversations.id, messagesTable.conversationId))
      .where(and(channels, eq(conversations.communityId, communityId), isNotNull(messagesTable.mediaUrl)));
    const threads = await tx
      .select({ url: communityThreads.image })
      .from(communityThreads)
      .where(eq(communityThreads.communityId, communityId));
    const posts = await tx.select({ urls: communityPosts.images }).from(communityPosts).where(eq(communityPosts.communityId, communityId));
    // Files of channel messages staff took down (anyone's), kept for an appeal: the community's deletion ends them too.
    const inCommunity = tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(channels, eq(conversations.communityId, communityId)));
    const kept = await keptFiles(tx, inArray(messagesTable.conversationId, inCommunity));
    return [...media.map((m) => m.url), ...threads.map((t) => t.url), ...posts.flatMap((p) => p.urls), ...kept].filter((u): u is string =>
      Boolean(u),
    );
  }
}

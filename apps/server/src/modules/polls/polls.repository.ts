import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  communityMembers,
  conversationMembers,
  conversations,
  messages,
  pollOptions,
  polls,
  pollVotes,
  posts,
  users,
} from '../../db/schema/index.ts';
import { blockedEitherWayIdsOf, hiddenAuthorIdsOf, publicMemberColumns, type PublicMemberRow } from '../../db/persistence/members.ts';

export type PollRow = typeof polls.$inferSelect;
export type PollOptionRow = typeof pollOptions.$inferSelect;

/** Where a poll's message lives, as the reader may read it now: its room is told of the poll's changes. */
export interface MessageCarrier {
  messageId: number;
  kind: 'group' | 'channel';
  conversationId: number;
  communityId: number | null;
}

export interface VoterRow extends PublicMemberRow {
  optionId: number;
  deletedAt: Date | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Polls, their options and votes; and who may read the message or post a poll is on (the kinds' read rules in SQL). */
export class PollsRepository {
  constructor(private readonly db: Db) {}

  /** A community's channel by its ids, or null. */
  async findChannel(communityId: number, channelId: number): Promise<{ conversationId: number; communityId: number } | null> {
    const [row] = await this.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.id, channelId), eq(conversations.communityId, communityId), eq(conversations.kind, 'channel')));
    return row ? { conversationId: row.id, communityId } : null;
  }

  /** The poll and its options, in one transaction: a poll never shows without its choices. */
  async insert(poll: typeof polls.$inferInsert, options: string[]): Promise<PollRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(polls).values(poll).returning();
      await tx.insert(pollOptions).values(options.map((text, position) => ({ pollId: row!.id, position, text })));
      return row!;
    });
  }

  async findById(id: number): Promise<PollRow | null> {
    const [row] = await this.db.select().from(polls).where(eq(polls.id, id));
    return row ?? null;
  }

  findByMessageIds(ids: number[]): Promise<PollRow[]> {
    return ids.length ? this.db.select().from(polls).where(inArray(polls.messageId, ids)) : Promise.resolve([]);
  }

  findByPostIds(ids: number[]): Promise<PollRow[]> {
    return ids.length ? this.db.select().from(polls).where(inArray(polls.postId, ids)) : Promise.resolve([]);
  }

  findOptions(pollIds: number[]): Promise<PollOptionRow[]> {
    if (!pollIds.length) return Promise.resolve([]);
    return this.db.select().from(pollOptions).where(inArray(pollOptions.pollId, pollIds)).orderBy(asc(pollOptions.position));
  }

  /** Every vote of these polls with its voter, for counts and (polls that are not anonymous) names. */
  findVoters(pollIds: number[]): Promise<Array<VoterRow & { pollId: number }>> {
    if (!pollIds.length) return Promise.resolve([]);
    return this.db
      .select({ pollId: pollVotes.pollId, optionId: pollVotes.optionId, ...publicMemberColumns, deletedAt: users.deletedAt })
      .from(pollVotes)
      .innerJoin(users, eq(users.id, pollVotes.userId))
      .where(inArray(pollVotes.pollId, pollIds))
      .orderBy(asc(pollVotes.createdAt), asc(pollVotes.userId));
  }

  /**
   * Group and channel messages among `ids` that `me` may read now, the same rules as each kind's history: a group's
   * while a current member and after their `history_from` and Clear chat; a channel's while a member of its
   * community, after their Clear chat there. Never a deleted or expired one, nor a direct message.
   */
  async readableMessages(me: number, ids: number[]): Promise<MessageCarrier[]> {
    if (!ids.length) return [];
    const result = await this.db.execute(sql`
      select m.id as message_id, c.kind, c.id as conversation_id, c.community_id
        from ${messages} m
        join ${conversations} c on c.id = m.conversation_id
        left join ${conversationMembers} cm on cm.conversation_id = c.id and cm.user_id = ${me}
       where m.id in (${sql.join(
         ids.map((id) => sql`${id}`),
         sql`, `,
       )})
         and m.deleted_at is null and (m.expires_at is null or m.expires_at > now())
         and case c.kind
               when 'group' then cm.state = 'member' and m.id > greatest(cm.history_from, cm.cleared_before)
               else exists (select 1 from ${communityMembers} k
                             where k.community_id = c.community_id and k.user_id = ${me} and k.state = 'member')
                    and m.id > coalesce(cm.cleared_before, 0)
             end`);
    return rowsOf<{ message_id: number; kind: 'group' | 'channel'; conversation_id: number; community_id: number | null }>(result).map(
      (r) => ({ messageId: r.message_id, kind: r.kind, conversationId: r.conversation_id, communityId: r.community_id }),
    );
  }

  /** Posts among `ids` that `me` may read: not by someone a block stands between them and, nor by a suspended member. */
  async readablePosts(me: number, ids: number[]): Promise<Array<{ id: number; authorId: number }>> {
    if (!ids.length) return [];
    return this.db
      .select({ id: posts.id, authorId: posts.authorId })
      .from(posts)
      .where(and(inArray(posts.id, ids), sql`${posts.authorId} <> all(${hiddenAuthorIdsOf(me)})`));
  }

  async findPost(id: number): Promise<{ id: number; authorId: number; sharedPostId: number | null; createdAt: Date } | null> {
    const [row] = await this.db
      .select({ id: posts.id, authorId: posts.authorId, sharedPostId: posts.sharedPostId, createdAt: posts.createdAt })
      .from(posts)
      .where(eq(posts.id, id));
    return row ?? null;
  }

  /** Members a block stands between `userId` and, either way: a post's poll is not told to them. */
  async blockedEitherWay(userId: number): Promise<number[]> {
    const result = await this.db.execute(sql`select unnest(${blockedEitherWayIdsOf(userId)}) as id`);
    return rowsOf<{ id: number }>(result).map((r) => r.id);
  }

  /**
   * Replaces the member's vote with `optionIds` (none: takes it back), unless the poll closed meanwhile: the poll's
   * row is locked for the check and the write, so a vote never lands after a close. False when it was closed.
   */
  async replaceVote(pollId: number, userId: number, optionIds: number[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: polls.id })
        .from(polls)
        .where(and(eq(polls.id, pollId), sql`${polls.closedAt} is null`, sql`(${polls.closesAt} is null or ${polls.closesAt} > now())`))
        .for('update');
      if (!open) return false;
      await tx.delete(pollVotes).where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, userId)));
      if (optionIds.length) await tx.insert(pollVotes).values(optionIds.map((optionId) => ({ pollId, optionId, userId })));
      return true;
    });
  }

  async close(pollId: number): Promise<void> {
    await this.db
      .update(polls)
      .set({ closedAt: sql`now()` })
      .where(and(eq(polls.id, pollId), sql`${polls.closedAt} is null`));
  }
}

import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/persistence/unique-violation.ts';
import { keptFiles } from '../../db/persistence/moderated-messages.ts';
import { communities, communityMembers, conversationMembers, conversations, messages } from '../../db/schema/index.ts';

export interface ChannelRow {
  id: number;
  communityId: number;
  name: string;
  topic: string;
  kind: 'text' | 'announcements';
  position: number;
}
export type ChannelChange = Partial<Pick<ChannelRow, 'name' | 'topic' | 'kind'>> & { position?: number };
/** Why a change of the list was not made: the name is another channel's, or the community has all it may have. */
export type ChannelRefusal = 'taken' | 'full';

const channelColumns = {
  id: conversations.id,
  communityId: sql<number>`${conversations.communityId}`.mapWith(Number),
  name: conversations.name,
  topic: conversations.topic,
  kind: conversations.channelKind,
  position: conversations.position,
};
const isChannel = eq(conversations.kind, 'channel');
/** A mute with no end, or one not over yet. */
const mutedNow = (muted: typeof conversationMembers.muted, until: typeof conversationMembers.mutedUntil) =>
  sql<boolean>`coalesce(${muted} and (${until} is null or ${until} > now()), false)`;

/**
 * A community's channels: conversations of kind 'channel' (their messages, reads and mutes are the conversation
 * core's). The first channel, position 0, is the one the community was made with; the others follow from 1 in the
 * order the admins chose, and a change of the list renumbers them so they stay 0, 1, 2…
 */
export class CommunityChannelsRepository {
  constructor(private readonly db: Db) {}

  async list(communityId: number): Promise<ChannelRow[]> {
    return this.db
      .select(channelColumns)
      .from(conversations)
      .where(and(isChannel, eq(conversations.communityId, communityId)))
      .orderBy(asc(conversations.position), asc(conversations.id));
  }

  /** The channel if it is one of this community's. */
  async find(communityId: number, channelId: number): Promise<ChannelRow | null> {
    const [row] = await this.db
      .select(channelColumns)
      .from(conversations)
      .where(and(isChannel, eq(conversations.id, channelId), eq(conversations.communityId, communityId)));
    return row ?? null;
  }

  /** The community a channel is in (null: no such channel). */
  async communityOf(channelId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ communityId: conversations.communityId })
      .from(conversations)
      .where(and(isChannel, eq(conversations.id, channelId)));
    return row?.communityId ?? null;
  }

  async firstOf(communityId: number): Promise<ChannelRow | null> {
    return (await this.list(communityId))[0] ?? null;
  }

  /**
   * The member's mute of each channel of these communities (all of theirs without `communityIds`) where they are a
   * member and the community itself is not muted: the channels whose unread messages count.
   */
  async channelsCounting(userId: number, communityIds?: number[]) {
    if (communityIds && !communityIds.length) return [];
    return this.db
      .select({
        channelId: conversations.id,
        communityId: sql<number>`${conversations.communityId}`.mapWith(Number),
        muted: mutedNow(conversationMembers.muted, conversationMembers.mutedUntil),
      })
      .from(conversations)
      .innerJoin(
        communityMembers,
        and(
          eq(communityMembers.communityId, conversations.communityId),
          eq(communityMembers.userId, userId),
          eq(communityMembers.state, 'member'),
          sql`not coalesce(${communityMembers.muted} and (${communityMembers.mutedUntil} is null or ${communityMembers.mutedUntil} > now()), false)`,
        ),
      )
      .leftJoin(conversationMembers, and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.userId, userId)))
      .where(and(isChannel, communityIds ? inArray(conversations.communityId, communityIds) : undefined));
  }

  /** The member's mute of each of the community's channels (a channel they never muted has no row: not muted). */
  async mutesOf(communityId: number, userId: number): Promise<Map<number, boolean>> {
    const rows = await this.db
      .select({ id: conversations.id, muted: mutedNow(conversationMembers.muted, conversationMembers.mutedUntil) })
      .from(conversations)
      .leftJoin(conversationMembers, and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.userId, userId)))
      .where(and(isChannel, eq(conversations.communityId, communityId)));
    return new Map(rows.map((r) => [r.id, r.muted]));
  }

  /** The one lock every change of a community's list takes first, so two admins' changes never interleave. */
  private async lockList(tx: Tx, communityId: number) {
    await tx.select({ id: communities.id }).from(communities).where(eq(communities.id, communityId)).for('update');
  }

  /** Renumbers the list 0, 1, 2… in this order (the first channel first). */
  private async renumber(tx: Tx, ids: number[]) {
    if (!ids.length) return;
    await tx.execute(sql`
      update ${conversations} c set position = o.position - 1
      from unnest(${sql.param(ids)}::int[]) with ordinality as o(id, position)
      where c.id = o.id and c.position <> o.position - 1`);
  }

  private async orderedIds(tx: Tx, communityId: number) {
    const rows = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(isChannel, eq(conversations.communityId, communityId)))
      .orderBy(asc(conversations.position), asc(conversations.id));
    return rows.map((r) => r.id);
  }

  /** A new channel at the end of the list, unless the name is taken or the community has `max` channels already. */
  async create(
    communityId: number,
    createdBy: number,
    values: Pick<ChannelRow, 'name' | 'topic' | 'kind'>,
    max: number,
  ): Promise<ChannelRow | ChannelRefusal> {
    try {
      return await this.db.transaction(async (tx) => {
        await this.lockList(tx, communityId);
        const ids = await this.orderedIds(tx, communityId);
        if (ids.length >= max) return 'full';
        const [row] = await tx
          .insert(conversations)
          .values({
            kind: 'channel',
            communityId,
            name: values.name,
            topic: values.topic,
            channelKind: values.kind,
            position: ids.length,
            createdBy,
          })
          .returning({ id: conversations.id });
        await this.renumber(tx, [...ids, row!.id]);
        return (await this.findIn(tx, communityId, row!.id))!;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'conversations_channel_name_idx')) return 'taken';
      throw error;
    }
  }

  /**
   * Renames, re-topics, changes the kind, or moves the channel to `position` (1 or more: the first channel keeps 0,
   * and itself never moves). Null: not a channel of this community.
   */
  async update(communityId: number, channelId: number, change: ChannelChange): Promise<ChannelRow | ChannelRefusal | null> {
    try {
      return await this.db.transaction(async (tx) => {
        await this.lockList(tx, communityId);
        const current = await this.findIn(tx, communityId, channelId);
        if (!current) return null;
        const patch = { name: change.name, topic: change.topic, channelKind: change.kind };
        if (Object.values(patch).some((v) => v !== undefined))
          await tx.update(conversations).set(patch).where(eq(conversations.id, channelId));
        const ids = await this.orderedIds(tx, communityId);
        if (change.position !== undefined && ids[0] !== channelId) {
          const rest = ids.filter((id) => id !== channelId);
          rest.splice(Math.min(change.position, rest.length), 0, channelId);
          await this.renumber(tx, rest);
        }
        return this.findIn(tx, communityId, channelId);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'conversations_channel_name_idx')) return 'taken';
      throw error;
    }
  }

  /**
   * Deletes a channel that is not the first, with its messages (the conversations trigger), and renumbers the rest.
   * Answers the files its messages held, to remove once this has committed; null when it is not a channel of this
   * community, 'first' for the first channel.
   */
  async delete(communityId: number, channelId: number): Promise<string[] | 'first' | null> {
    return this.db.transaction(async (tx) => {
      await this.lockList(tx, communityId);
      const ids = await this.orderedIds(tx, communityId);
      if (!ids.includes(channelId)) return null;
      if (ids[0] === channelId) return 'first';
      const files = await tx
        .select({ url: messages.mediaUrl })
        .from(messages)
        .where(and(eq(messages.conversationId, channelId), isNotNull(messages.mediaUrl)));
      const kept = await keptFiles(tx, eq(messages.conversationId, channelId));
      await tx.delete(conversations).where(eq(conversations.id, channelId));
      await this.renumber(
        tx,
        ids.filter((id) => id !== channelId),
      );
      return [...files.map((f) => f.url!), ...kept];
    });
  }

  private async findIn(tx: Tx, communityId: number, channelId: number): Promise<ChannelRow | null> {
    const [row] = await tx
      .select(channelColumns)
      .from(conversations)
      .where(and(isChannel, eq(conversations.id, channelId), eq(conversations.communityId, communityId)));
    return row ?? null;
  }

  /** The files of every channel's messages, to remove with the community. */
  async filesOfCommunity(communityId: number): Promise<string[]> {
    const rows = await this.db
      .select({ url: messages.mediaUrl })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(isChannel, eq(conversations.communityId, communityId), isNotNull(messages.mediaUrl)));
    const channels = this.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(isChannel, eq(conversations.communityId, communityId)));
    return [...rows.map((r) => r.url!), ...(await keptFiles(this.db, inArray(messages.conversationId, channels)))];
  }

  /** Channel messages with a file, after this id and in id order, `limit` at a time (files stored before private storage). */
  async filesAfter(afterId: number, limit: number): Promise<Array<{ id: number; mediaUrl: string }>> {
    const rows = await this.db
      .select({ id: messages.id, mediaUrl: messages.mediaUrl })
      .from(messages)
      .innerJoin(conversations, and(eq(conversations.id, messages.conversationId), isChannel))
      .where(and(gt(messages.id, afterId), isNotNull(messages.mediaUrl)))
      .orderBy(asc(messages.id))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, mediaUrl: r.mediaUrl! }));
  }
}

import { and, asc, eq, isNotNull, lte, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idsByMember } from '../../lib/per-member-lookup.ts';
import type { ReaderState } from '../conversations/conversations.service.ts';
import { conversationMembers, conversations, messages, users } from '../../db/schema/index.ts';
import { publicMemberColumns } from '../../db/persistence/members.ts';
import { keptFiles, notHeldFor } from '../../db/persistence/moderated-messages.ts';

/**
 * Every socket's connect asks which groups its member is in (their rooms): prepared once, so a crowd reconnecting
 * after a restart does not build the same statement for every batch of them.
 */
const prepareGroupIdsOfMembers = (db: Db) =>
  db
    .select({ userId: conversationMembers.userId, id: conversationMembers.conversationId })
    .from(conversationMembers)
    .innerJoin(conversations, and(eq(conversations.id, conversationMembers.conversationId), eq(conversations.kind, 'group')))
    .where(and(sql`${conversationMembers.userId} = any(${sql.placeholder('userIds')}::int[])`, eq(conversationMembers.state, 'member')))
    .prepare('group_ids_of_members');

/** A group chat's own row (a `conversations` row of kind 'group'). */
export interface GroupRow {
  id: number;
  name: string;
  avatar: string | null;
  createdAt: Date;
}

/**
 * One person's row in a group: their role, whether they are still in it, where their reading starts and stands. A
 * group's conversation_members row is its membership, so this is the conversation core's reader row.
 */
export type GroupMembership = ReaderState;

export interface GroupMemberRow {
  id: number;
  username: string | null;
  fullName: string | null;
  profilePicture: string | null;
  deletedAt: Date | null;
  role: 'admin' | 'member';
}

export interface GroupListRow {
  group: GroupRow;
  memberCount: number;
  /** The newest message the member may see (system lines too), or null. */
  lastId: number | null;
  muted: boolean;
  mutedUntil: Date | null;
}

/** What a departure did: the member was out already, they left a group that goes on (maybe naming an heir), or it was the last. */
export type Departure = { outcome: 'not-member' } | { outcome: 'left'; heirId: number | null } | { outcome: 'deleted'; files: string[] };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const groupColumns = { id: conversations.id, name: conversations.name, avatar: conversations.avatar, createdAt: conversations.createdAt };
const isGroup = (id: number) => and(eq(conversations.id, id), eq(conversations.kind, 'group'));
const current = (groupId: number) => and(eq(conversationMembers.conversationId, groupId), eq(conversationMembers.state, 'member'));

/**
 * Group chats' rows: the group, and its membership in conversation_members. A channel has rows there too (its
 * members' read positions), so every lookup here is held to conversations of kind 'group'.
 */
export class ChatGroupsRepository {
  private readonly groupIdsStatement: ReturnType<typeof prepareGroupIdsOfMembers>;

  constructor(private readonly db: Db) {
    this.groupIdsStatement = prepareGroupIdsOfMembers(db);
  }

  async findGroup(id: number): Promise<GroupRow | null> {
    const [row] = await this.db.select(groupColumns).from(conversations).where(isGroup(id));
    return row ?? null;
  }

  /** The person's row in the group, whatever its state; null when they were never in it or it is not a group. */
  async findMembership(groupId: number, userId: number): Promise<GroupMembership | null> {
    const [row] = await this.db
      .select({
        role: conversationMembers.role,
        state: conversationMembers.state,
        historyFrom: conversationMembers.historyFrom,
        lastReadId: conversationMembers.lastReadId,
        clearedBefore: conversationMembers.clearedBefore,
        muted: conversationMembers.muted,
        mutedUntil: conversationMembers.mutedUntil,
      })
      .from(conversationMembers)
      .innerJoin(conversations, and(eq(conversations.id, conversationMembers.conversationId), eq(conversations.kind, 'group')))
      .where(and(eq(conversationMembers.conversationId, groupId), eq(conversationMembers.userId, userId)));
    return row ?? null;
  }

  /** The current members, longest-standing first. */
  async findMembers(groupId: number): Promise<GroupMemberRow[]> {
    return this.db
      .select({
        ...publicMemberColumns,
        deletedAt: users.deletedAt,
        role: conversationMembers.role,
      })
      .from(conversationMembers)
      .innerJoin(users, eq(users.id, conversationMembers.userId))
      .where(current(groupId))
      .orderBy(asc(conversationMembers.joinedAt), asc(conversationMembers.userId));
  }

  /** The group and its first members in one transaction: the creator its admin, everyone reading from its start. */
  async create(creatorId: number, name: string, memberIds: number[]): Promise<GroupRow> {
    return this.db.transaction(async (tx) => {
      const [group] = await tx.insert(conversations).values({ kind: 'group', name, createdBy: creatorId }).returning(groupColumns);
      await tx
        .insert(conversationMembers)
        .values([
          { conversationId: group!.id, userId: creatorId, role: 'admin' as const },
          ...memberIds.map((userId) => ({ conversationId: group!.id, userId, role: 'member' as const })),
        ]);
      return group!;
    });
  }

  async update(id: number, patch: { name?: string; avatar?: string }): Promise<GroupRow | null> {
    const [row] = await this.db.update(conversations).set(patch).where(isGroup(id)).returning(groupColumns);
    return row ?? null;
  }

  /** Holds the group's row until the transaction ends: membership changes to one group happen one at a time. */
  private async lock(tx: Tx, groupId: number) {
    const [row] = await tx.select({ id: conversations.id }).from(conversations).where(isGroup(groupId)).for('update');
    return row !== undefined;
  }

  /**
   * Adds these people (those not in it already), unless the group would hold more than `max`. Each reads from the
   * newest message at that moment on (`history_from`), with nothing unread; someone coming back starts afresh.
   * Returns who was added, or 'full'.
   */
  async addMembers(groupId: number, userIds: number[], max: number): Promise<number[] | 'full'> {
    return this.db.transaction(async (tx) => {
      if (!(await this.lock(tx, groupId))) return [];
      const present = await tx.select({ userId: conversationMembers.userId }).from(conversationMembers).where(current(groupId));
      const inside = new Set(present.map((r) => r.userId));
      const fresh = userIds.filter((id) => !inside.has(id));
      if (!fresh.length) return [];
      if (present.length + fresh.length > max) return 'full';
      const [newest] = await tx
        .select({ id: sql<number>`coalesce(max(${messages.id}), 0)` })
        .from(messages)
        .where(eq(messages.conversationId, groupId));
      const from = Number(newest?.id ?? 0);
      await tx
        .insert(conversationMembers)
        .values(fresh.map((userId) => ({ conversationId: groupId, userId, role: 'member' as const, historyFrom: from, lastReadId: from })))
        .onConflictDoUpdate({
          target: [conversationMembers.conversationId, conversationMembers.userId],
          set: {
            state: 'member',
            role: 'member',
            historyFrom: from,
            lastReadId: from,
            clearedBefore: 0,
            muted: false,
            mutedUntil: null,
            joinedAt: sql`now()`,
            stateAt: sql`now()`,
          },
        });
      return fresh;
    });
  }

  /**
   * Takes a member out (`left` or `removed`). The last admin going hands admin to the longest-standing member; the
   * last member going deletes the group (its messages go with it, by trigger), answering the files it held.
   */
  async depart(groupId: number, userId: number, state: 'left' | 'removed'): Promise<Departure> {
    return this.db.transaction(async (tx): Promise<Departure> => {
      if (!(await this.lock(tx, groupId))) return { outcome: 'not-member' };
      const [gone] = await tx
        .update(conversationMembers)
        .set({ state, stateAt: sql`now()` })
        .where(and(current(groupId), eq(conversationMembers.userId, userId)))
        .returning({ role: conversationMembers.role });
      if (!gone) return { outcome: 'not-member' };
      const rest = await tx
        .select({ userId: conversationMembers.userId, role: conversationMembers.role })
        .from(conversationMembers)
        .where(current(groupId))
        .orderBy(asc(conversationMembers.joinedAt), asc(conversationMembers.userId));
      if (!rest.length) {
        const held = await tx
          .select({ url: messages.mediaUrl })
          .from(messages)
          .where(and(eq(messages.conversationId, groupId), isNotNull(messages.mediaUrl)));
        const kept = await keptFiles(tx, eq(messages.conversationId, groupId));
        const [group] = await tx.delete(conversations).where(isGroup(groupId)).returning({ avatar: conversations.avatar });
        return { outcome: 'deleted', files: [...held.map((h) => h.url!), ...kept, ...(group?.avatar ? [group.avatar] : [])] };
      }
      if (rest.some((r) => r.role === 'admin')) return { outcome: 'left', heirId: null };
      const heirId = rest[0]!.userId;
      await tx
        .update(conversationMembers)
        .set({ role: 'admin' })
        .where(and(eq(conversationMembers.conversationId, groupId), eq(conversationMembers.userId, heirId)));
      return { outcome: 'left', heirId };
    });
  }

  /** The member's current groups, newest activity first (the newest message they may see; a group they cleared last). */
  async listFor(userId: number): Promise<GroupListRow[]> {
    const result = await this.db.execute(sql`
      select c.id, c.name, c.avatar, c.created_at, cm.muted, cm.muted_until,
        (select count(*) from ${conversationMembers} x where x.conversation_id = c.id and x.state = 'member') as member_count,
        (select max(m.id) from ${messages} m
          where m.conversation_id = c.id and m.id > greatest(cm.history_from, cm.cleared_before)
            and (m.expires_at is null or m.expires_at > now()) and ${notHeldFor({ id: sql`m.id`, senderId: sql`m.sender_id` }, userId)}) as last_id
      from ${conversationMembers} cm
      join ${conversations} c on c.id = cm.conversation_id and c.kind = 'group'
      where cm.user_id = ${userId} and cm.state = 'member'
      order by last_id desc nulls last, c.id desc`);
    const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
    return rows.map((r) => ({
      group: { id: Number(r.id), name: String(r.name), avatar: (r.avatar as string | null) ?? null, createdAt: date(r.created_at)! },
      memberCount: Number(r.member_count),
      lastId: r.last_id === null ? null : Number(r.last_id),
      muted: Boolean(r.muted),
      mutedUntil: date(r.muted_until),
    }));
  }

  /** The groups whose room the member's sockets belong in. */
  async groupIdsOfMembers(userIds: number[]): Promise<Map<number, number[]>> {
    return idsByMember(await this.groupIdsStatement.execute({ userIds }));
  }

  /** The groups whose unread messages count in the member's chat count: those they have not muted (or whose mute ended). */
  async unmutedGroupIdsOf(userId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: conversationMembers.conversationId })
      .from(conversationMembers)
      .innerJoin(conversations, and(eq(conversations.id, conversationMembers.conversationId), eq(conversations.kind, 'group')))
      .where(
        and(
          eq(conversationMembers.userId, userId),
          eq(conversationMembers.state, 'member'),
          or(not(conversationMembers.muted), lte(conversationMembers.mutedUntil, sql`now()`)),
        ),
      );
    return rows.map((r) => r.id);
  }

  /**
   * The stored file of a group message if this member may fetch it now: a current member of its group, the message
   * within their history (from joining, after their Clear chat), not deleted and not past its auto-delete time.
   */
  async findFileFor(userId: number, messageId: number): Promise<string | null> {
    const result = await this.db.execute(sql`
      select m.media_url from ${messages} m
      join ${conversations} c on c.id = m.conversation_id and c.kind = 'group'
      join ${conversationMembers} cm on cm.conversation_id = m.conversation_id and cm.user_id = ${userId} and cm.state = 'member'
      where m.id = ${messageId} and m.media_url is not null and m.deleted_at is null
        and (m.expires_at is null or m.expires_at > now())
        and m.id > greatest(cm.history_from, cm.cleared_before)`);
    const [row] = (result as unknown as { rows: Array<{ media_url: string }> }).rows;
    return row?.media_url ?? null;
  }
}

import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blockedEitherWay, publicMemberColumns } from '../../db/persistence/members.ts';
import { accountSilences, chatPresence, follows, instanceSettings, messages, userBlocks, users } from '../../db/schema/index.ts';
import { anyOf, involving, messagingAllowed, p, peerOf } from './chat.repository.ts';

// The deleted flag too: a deleted member is shown as 'Deleted member'.
const userColumns = { ...publicMemberColumns, deletedAt: users.deletedAt };
export type ChatUserRow = {
  id: number;
  fullName: string | null;
  username: string | null;
  profilePicture: string | null;
  /** A deleted account: kept only as the sender of the messages others received. */
  deletedAt: Date | null;
};

/** LIKE wildcards typed by a person are matched literally. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The queries run on every connect and disconnect (presence) and on every typing event, prepared once. */
function prepareStatements(db: Db) {
  return {
    findUsers: db
      .select(userColumns)
      .from(users)
      .where(anyOf(users.id, p('ids')))
      .prepare('chat_find_users'),
    mayMessage: db
      .select({ allowed: sql<boolean>`${messagingAllowed(p('me'), p('peer'))}` })
      .from(sql`(select 1) as one`)
      .prepare('chat_may_message'),
    isReachable: db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, p('peer')), isNull(users.deletedAt), sql`not ${blockedEitherWay(db, sql`${p('me')}`, sql`${p('peer')}`)}`))
      .prepare('chat_is_reachable'),
    blockedEitherWay: db
      .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
      .from(userBlocks)
      .where(or(eq(userBlocks.blockerId, p('me')), eq(userBlocks.blockedId, p('me'))))
      .prepare('chat_blocked_either_way'),
    lastSeen: db
      .select()
      .from(chatPresence)
      .where(anyOf(chatPresence.userId, p('ids')))
      .prepare('chat_last_seen'),
    // Any number of members in one statement of two parameters (a shutdown records everyone still here), in the
    // order of their ids: two such writes over the same members (a batch of departures and the shutdown's) then lock
    // their rows in the same order and cannot deadlock.
    setLastSeen: db
      .insert(chatPresence)
      .select(
        // Joined with users: a member's row deleted by hand meanwhile leaves the others' last seen to be written.
        sql`select d.user_id, d.last_seen_at from unnest(${p('ids')}::int[], ${p('times')}::timestamptz[]) as d(user_id, last_seen_at)
          join ${users} on ${users.id} = d.user_id order by d.user_id`,
      )
      // Last seen only moves forward: a crashed process's members are written as of its last beat, which may be
      // older than a departure another process wrote since.
      .onConflictDoUpdate({
        target: chatPresence.userId,
        set: { lastSeenAt: sql`greatest(${chatPresence.lastSeenAt}, excluded.last_seen_at)` },
      })
      .prepare('chat_set_last_seen'),
  };
}

/** Who may talk to whom (blocks, 'who may message me') and when members were last seen: the people side of chat. */
export class ChatPeopleRepository {
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(private readonly db: Db) {
    this.statements = prepareStatements(db);
  }

  async findUsers(ids: number[]): Promise<ChatUserRow[]> {
    if (!ids.length) return [];
    return this.statements.findUsers.execute({ ids });
  }

  /** The peer's 'who may message me' lets `me` write. */
  async mayMessage(me: number, peerId: number): Promise<boolean> {
    const [row] = await this.statements.mayMessage.execute({ me, peer: peerId });
    return Boolean(row?.allowed);
  }

  /** The peer exists (not deleted) and there is no block either way: what a typing event needs. */
  async isReachable(me: number, peerId: number): Promise<boolean> {
    return (await this.statements.isReachable.execute({ me, peer: peerId })).length > 0;
  }

  /** Members the caller may message: people they talk with first (latest activity first), then everyone else. */
  async findMessageableUsers(me: number, search: string | undefined, limit: number, offset = 0): Promise<ChatUserRow[]> {
    const activity = this.db
      .select({ peerId: peerOf(me).as('peer_id'), lastId: max(messages.id).as('last_id') })
      .from(messages)
      .where(involving(me))
      // By position: the CASE with fresh parameters would not match the selected one.
      .groupBy(sql`1`)
      .as('activity');
    const filters: SQL[] = [
      ne(users.id, me),
      sql`not ${blockedEitherWay(this.db, me, users.id)}`,
      sql`${messagingAllowed(me, users.id)}`,
      // A deleted member stays only where there is a conversation to read back.
      or(isNull(users.deletedAt), isNotNull(activity.lastId))!,
    ];
    if (search) filters.push(or(ilike(users.fullName, likePattern(search)), ilike(users.username, likePattern(search)))!);
    return this.db
      .select(userColumns)
      .from(users)
      .leftJoin(activity, eq(activity.peerId, users.id))
      .where(and(...filters))
      .orderBy(sql`${activity.lastId} desc nulls last`, asc(users.id))
      .limit(limit)
      .offset(offset);
  }

  /**
   * For each of these members that exists: whether `me` may message them (the send rule, for many at once: a group's
   * members are people its creator or the adder may message). Missing ids have no row.
   */
  async findMessageability(
    me: number,
    ids: number[],
  ): Promise<Array<{ id: number; deleted: boolean; blocked: boolean; allowed: boolean; silenced: boolean; stranger: boolean }>> {
    if (!ids.length) return [];
    return this.db
      .select({
        id: users.id,
        deleted: sql<boolean>`${users.deletedAt} is not null`,
        blocked: sql<boolean>`${blockedEitherWay(this.db, me, users.id)}`,
        allowed: sql<boolean>`${messagingAllowed(me, users.id)}`,
        // A silenced member (issue 40) brings into a group only people who follow them, as they start direct chats.
        silenced: sql<boolean>`(exists (select 1 from ${accountSilences} where ${accountSilences.userId} = ${me}
          and (${accountSilences.until} is null or ${accountSilences.until} > now()))
          and not exists (select 1 from ${follows} where ${follows.followerId} = ${users.id} and ${follows.followeeId} = ${me}))`,
        // A new account (issue 40) brings into a group only people it follows or who follow it, in its first hours.
        stranger: sql<boolean>`(exists (select 1 from ${users} u join ${instanceSettings} st on st.id = 1
          where u.id = ${me} and u.created_at > now() - make_interval(hours => st.new_account_hours))
          and not exists (select 1 from ${follows} where (${follows.followerId} = ${users.id} and ${follows.followeeId} = ${me})
            or (${follows.followerId} = ${me} and ${follows.followeeId} = ${users.id})))`,
      })
      .from(users)
      .where(inArray(users.id, ids));
  }

  async isBlockedEitherWay(a: number, b: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, a), blockedEitherWay(this.db, a, b)))
      .limit(1);
    return !!row;
  }

  async block(blockerId: number, blockedId: number) {
    await this.db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  }

  async unblock(blockerId: number, blockedId: number) {
    await this.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  }

  async findBlockedBy(blockerId: number): Promise<ChatUserRow[]> {
    return this.db
      .select(userColumns)
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(eq(userBlocks.blockerId, blockerId))
      .orderBy(desc(userBlocks.createdAt));
  }

  async findBlockedIds(blockerId: number): Promise<Set<number>> {
    const rows = await this.db.select({ id: userBlocks.blockedId }).from(userBlocks).where(eq(userBlocks.blockerId, blockerId));
    return new Set(rows.map((r) => r.id));
  }

  async findBlockedEitherWayIds(userId: number): Promise<Set<number>> {
    const rows = await this.statements.blockedEitherWay.execute({ me: userId });
    return new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)));
  }

  /** When each of these members was last seen. */
  async setLastSeen(seen: Map<number, Date>) {
    if (!seen.size) return;
    const ids = [...seen.keys()];
    await this.statements.setLastSeen.execute({ ids, times: ids.map((id) => seen.get(id)!.toISOString()) });
  }

  async findLastSeen(userIds: number[]): Promise<Map<number, Date>> {
    if (!userIds.length) return new Map();
    const rows = await this.statements.lastSeen.execute({ ids: userIds });
    return new Map(rows.map((r) => [r.userId, r.lastSeenAt]));
  }
}

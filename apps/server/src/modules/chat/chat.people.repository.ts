import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blockedEitherWay, publicMemberColumns } from '../../db/persistence/members.ts';
import { chatPresence, userBlocks, users } from '../../db/schema/index.ts';
import type { ChatUserRow } from './chat.repository.ts';

// The deleted flag too: a deleted member is shown as 'Deleted member'.
const userColumns = { ...publicMemberColumns, deletedAt: users.deletedAt };

/** Who may talk to whom (blocks) and when members were last seen: the people side of chat, apart from its messages. */
export class ChatPeopleRepository {
  constructor(private readonly db: Db) {}

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
    const rows = await this.db
      .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
      .from(userBlocks)
      .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
    return new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)));
  }

  async setLastSeen(userId: number, at: Date) {
    await this.db
      .insert(chatPresence)
      .values({ userId, lastSeenAt: at })
      .onConflictDoUpdate({ target: chatPresence.userId, set: { lastSeenAt: at } });
  }

  async setLastSeenMany(userIds: number[], at: Date) {
    if (!userIds.length) return;
    await this.db
      .insert(chatPresence)
      .values(userIds.map((userId) => ({ userId, lastSeenAt: at })))
      .onConflictDoUpdate({ target: chatPresence.userId, set: { lastSeenAt: at } });
  }

  async findLastSeen(userIds: number[]): Promise<Map<number, Date>> {
    if (!userIds.length) return new Map();
    const rows = await this.db.select().from(chatPresence).where(inArray(chatPresence.userId, userIds));
    return new Map(rows.map((r) => [r.userId, r.lastSeenAt]));
  }
}

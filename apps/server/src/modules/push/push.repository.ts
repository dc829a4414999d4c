import { and, desc, eq, exists, gt, ne, not, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { anyRow, removeRows } from '../../db/persistence/any-row.ts';
import {
  communityMembers,
  conversationMembers,
  conversations,
  pushPreferences,
  pushSubscriptions,
  sessions,
  userMutes,
  users,
} from '../../db/schema/index.ts';

export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PreferencesRow = typeof pushPreferences.$inferSelect;

/** A mute in force: on, and without an end or with one still ahead. */
const muteInForce = (table: typeof conversationMembers | typeof communityMembers) =>
  and(eq(table.muted, true), or(sql`${table.mutedUntil} is null`, gt(table.mutedUntil, sql`now()`)))!;

/** A group's audience for a push (PushRepository.groupAudience), prepared once. */
function prepareGroupAudience(db: Db) {
  const senderId = sql.placeholder('senderId');
  const muters = db.select({ id: userMutes.muterId }).from(userMutes).where(eq(userMutes.mutedId, senderId));
  const hasDevice = db
    .select({ one: sql`1` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, conversationMembers.userId));
  return db
    .select({ name: conversations.name, userId: conversationMembers.userId })
    .from(conversations)
    .leftJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, conversations.id),
        eq(conversationMembers.state, 'member'),
        ne(conversationMembers.userId, senderId),
        not(muteInForce(conversationMembers)),
        notInArray(conversationMembers.userId, muters),
        exists(hasDevice),
      ),
    )
    .where(and(eq(conversations.id, sql.placeholder('groupId')), eq(conversations.kind, 'group')))
    .prepare('push_group_audience');
}

/** Subscriptions and push settings, and what the push path reads of others' tables to decide who is told. */
export class PushRepository {
  private readonly groupAudienceStatement: ReturnType<typeof prepareGroupAudience>;

  constructor(private readonly db: Db) {
    this.groupAudienceStatement = prepareGroupAudience(db);
  }

  /**
   * Stores the browser's subscription on this session (the same endpoint subscribed again moves to it, with its new
   * keys) and keeps only the member's `cap` newest ones.
   */
  async subscribe(input: { userId: number; sessionId: number; endpoint: string; p256dh: string; auth: string }, cap: number) {
    const { userId, ...rest } = input;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(pushSubscriptions)
        .values(input)
        .onConflictDoUpdate({
          target: [pushSubscriptions.userId, pushSubscriptions.endpoint],
          set: { sessionId: rest.sessionId, p256dh: rest.p256dh, auth: rest.auth, createdAt: sql`now()` },
        })
        .returning({ id: pushSubscriptions.id });
      const kept = await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(cap);
      await tx.delete(pushSubscriptions).where(
        and(
          eq(pushSubscriptions.userId, userId),
          notInArray(
            pushSubscriptions.id,
            kept.map((k) => k.id),
          ),
        ),
      );
      return row!.id;
    });
  }

  /** Deletes one of the member's own subscriptions; false when they have none with that id. */
  deleteOwn(userId: number, id: number): Promise<boolean> {
    return removeRows(this.db, pushSubscriptions, and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)));
  }

  async delete(id: number) {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  /** The member's subscriptions whose session is still live (an expired session's device is not told anything). */
  async targetsOf(userId: number): Promise<PushTarget[]> {
    return this.db
      .select({
        id: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
      .where(and(eq(pushSubscriptions.userId, userId), gt(sessions.expiresAt, sql`now()`)));
  }

  async preferences(userId: number): Promise<PreferencesRow | null> {
    const [row] = await this.db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
    return row ?? null;
  }

  async savePreferences(row: PreferencesRow) {
    const { userId: _userId, ...rest } = row;
    await this.db.insert(pushPreferences).values(row).onConflictDoUpdate({ target: pushPreferences.userId, set: rest });
    return row;
  }

  /** How a member is called, for a push's title and icon. */
  async person(userId: number) {
    const [row] = await this.db
      .select({ name: users.fullName, username: users.username, avatar: users.profilePicture })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  /** Whether `muterId` muted `mutedId` (their messages still arrive, without a push). */
  mutes(muterId: number, mutedId: number): Promise<boolean> {
    return anyRow(this.db, userMutes, and(eq(userMutes.muterId, muterId), eq(userMutes.mutedId, mutedId)));
  }

  /**
   * A group's name and its current members other than the sender who have not muted it nor the sender, and who have
   * a device to push to: one statement per group message, most often answering the name alone (nobody to push).
   */
  async groupAudience(groupId: number, senderId: number): Promise<{ name: string; userIds: number[] } | null> {
    const rows = await this.groupAudienceStatement.execute({ groupId, senderId });
    if (!rows.length) return null;
    return { name: rows[0]!.name, userIds: rows.flatMap((r) => (r.userId === null ? [] : [r.userId])) };
  }

  /** Whether the member muted this community, or this channel of it (its notifications then send no push). */
  async mutedCommunity(userId: number, communityId: number, channelId?: number): Promise<boolean> {
    const channelMuted =
      channelId !== undefined &&
      (await anyRow(
        this.db,
        conversationMembers,
        and(eq(conversationMembers.userId, userId), eq(conversationMembers.conversationId, channelId), muteInForce(conversationMembers)),
      ));
    if (channelMuted) return true;
    return anyRow(
      this.db,
      communityMembers,
      and(eq(communityMembers.userId, userId), eq(communityMembers.communityId, communityId), muteInForce(communityMembers)),
    );
  }
}

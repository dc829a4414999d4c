import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, messages, presenceProcesses, userBlocks, userSettings } from '../../db/schema/index.ts';
import { anyOf, live, p } from './chat.repository.ts';

/** A beat older than `seconds`, by the database's clock. */
const silentFor = (seconds: number) => sql`${presenceProcesses.beatAt} < now() - make_interval(secs => ${seconds})`;

/** Each process's beat: who is connected to it, and when it last said so (the database's clock, shared by all). */
export class PresenceProcessesRepository {
  constructor(private readonly db: Db) {}

  async beat(processId: string, memberIds: number[]) {
    await this.db
      .insert(presenceProcesses)
      .values({ processId, beatAt: sql`now()`, memberIds })
      .onConflictDoUpdate({ target: presenceProcesses.processId, set: { beatAt: sql`now()`, memberIds } });
  }

  async forget(processId: string) {
    await this.db.delete(presenceProcesses).where(sql`${presenceProcesses.processId} = ${processId}`);
  }

  /** The processes that have not beaten for `seconds`, as they last said. */
  async findSilent(seconds: number): Promise<Array<{ processId: string; beatAt: Date; memberIds: number[] }>> {
    return this.db
      .select({ processId: presenceProcesses.processId, beatAt: presenceProcesses.beatAt, memberIds: presenceProcesses.memberIds })
      .from(presenceProcesses)
      .where(silentFor(seconds));
  }

  /**
   * Takes a process's beat away if it is still silent: when several processes look at once, exactly one of them gets
   * true; a process that beat again meanwhile keeps its beat.
   */
  async claimSilent(processId: string, seconds: number): Promise<boolean> {
    const claimed = await this.db
      .delete(presenceProcesses)
      .where(and(sql`${presenceProcesses.processId} = ${processId}`, silentFor(seconds)))
      .returning({ processId: presenceProcesses.processId });
    return claimed.length > 0;
  }
}

/** The people who hear of a member's presence, and those who never do. */
export interface PresenceAudience {
  partners: number[];
  blocked: Set<number>;
}

/**
 * For each member: the people their presence goes to (conversation partners) and those it never reaches (a block
 * either way). One statement for any number of members: a crashed process's thousands are told at once. With
 * `settings`, each member's last seen setting comes in the same statement, as a row of its own (no peer), when it is
 * not the default: what arrivals need, so a crowd reconnecting costs one statement where it cost two.
 */
function audienceStatement(db: Db, settings: boolean) {
  const none = sql<string | null>`null::text`;
  const audiences = db
    .select({ me: messages.senderId, peerId: sql<number | null>`${messages.receiverId}`, blocked: sql<boolean>`false`, setting: none })
    .from(messages)
    // Direct messages only: a group's or a channel's have no receiver, and their presence rules are the community's.
    .where(and(anyOf(messages.senderId, p('ids')), isNotNull(messages.receiverId), live))
    .union(
      db
        .select({ me: sql<number>`${messages.receiverId}`, peerId: messages.senderId, blocked: sql<boolean>`false`, setting: none })
        .from(messages)
        .where(and(anyOf(messages.receiverId, p('ids')), live)),
    )
    .unionAll(
      db
        .select({ me: userBlocks.blockerId, peerId: userBlocks.blockedId, blocked: sql<boolean>`true`, setting: none })
        .from(userBlocks)
        .where(anyOf(userBlocks.blockerId, p('ids'))),
    )
    .unionAll(
      db
        .select({ me: userBlocks.blockedId, peerId: userBlocks.blockerId, blocked: sql<boolean>`true`, setting: none })
        .from(userBlocks)
        .where(anyOf(userBlocks.blockedId, p('ids'))),
    );
  if (!settings) return audiences.prepare('chat_presence_audiences');
  return audiences
    .unionAll(
      db
        .select({
          me: userSettings.userId,
          peerId: sql<number | null>`null::int`,
          blocked: sql<boolean>`false`,
          setting: sql<string | null>`${userSettings.lastSeenVisibility}::text`,
        })
        .from(userSettings)
        .where(and(anyOf(userSettings.userId, p('ids')), ne(userSettings.lastSeenVisibility, 'everyone'))),
    )
    .prepare('chat_presence_arrivals');
}

/** Who hears of members' presence: read from their conversations and blocks. */
export class PresenceAudiencesRepository {
  private readonly audiences: ReturnType<typeof audienceStatement>;
  private readonly arrivals: ReturnType<typeof audienceStatement>;

  constructor(db: Db) {
    this.audiences = audienceStatement(db, false);
    this.arrivals = audienceStatement(db, true);
  }

  /** Who hears of each member's presence (their conversation partners), and who never does (a block either way), in one query. */
  async find(userIds: number[]): Promise<Map<number, PresenceAudience>> {
    return (await this.read(this.audiences, userIds)).audiences;
  }

  /** `find`, and each member's last seen setting (who may see them: 'everyone' unless set), in the same query. */
  async findWithSettings(
    userIds: number[],
  ): Promise<{ audiences: Map<number, PresenceAudience>; settings: Map<number, LastSeenAudience> }> {
    return this.read(this.arrivals, userIds);
  }

  private async read(statement: ReturnType<typeof audienceStatement>, userIds: number[]) {
    const audiences = new Map(userIds.map((id): [number, PresenceAudience] => [id, { partners: [], blocked: new Set() }]));
    const settings = new Map<number, LastSeenAudience>(userIds.map((id) => [id, 'everyone']));
    if (!userIds.length) return { audiences, settings };
    for (const row of await statement.execute({ ids: userIds })) {
      const me = Number(row.me);
      if (row.setting !== null) settings.set(me, row.setting as LastSeenAudience);
      else if (row.blocked) audiences.get(me)!.blocked.add(Number(row.peerId));
      else audiences.get(me)!.partners.push(Number(row.peerId));
    }
    return { audiences, settings };
  }
}

/** Who a member shows their presence to (their last seen/online setting). */
export type LastSeenAudience = (typeof userSettings.$inferSelect)['lastSeenVisibility'];

/** A member whose presence not everyone may see: to whom they show it, and which of the viewers asked about follow them. */
export interface RestrictedPresence {
  audience: Exclude<LastSeenAudience, 'everyone'>;
  followers: Set<number>;
}

function prepareRestricted(db: Db) {
  return (
    db
      // Members without a settings row, or with 'everyone', give no row at all: the common case costs nothing, and a
      // big room's members are read in one statement. Followers are read only for members who show to followers only.
      .select({ memberId: userSettings.userId, audience: userSettings.lastSeenVisibility, followerId: follows.followerId })
      .from(userSettings)
      .leftJoin(
        follows,
        and(
          eq(userSettings.lastSeenVisibility, 'followers'),
          eq(follows.followeeId, userSettings.userId),
          anyOf(follows.followerId, p('viewers')),
        ),
      )
      .where(and(anyOf(userSettings.userId, p('members')), ne(userSettings.lastSeenVisibility, 'everyone')))
      .prepare('presence_restricted')
  );
}

/** What the presence rule needs to know: members' last seen setting, and follows between them and the viewers. */
export class PresenceVisibilityRepository {
  private readonly restricted: ReturnType<typeof prepareRestricted>;

  constructor(db: Db) {
    this.restricted = prepareRestricted(db);
  }

  /**
   * Of `memberIds`, those who do not show their presence to everyone (the default), each with which of `viewerIds`
   * follow them (for 'followers'), in one query.
   */
  async findRestricted(memberIds: number[], viewerIds: number[]): Promise<Map<number, RestrictedPresence>> {
    const found = new Map<number, RestrictedPresence>();
    if (!memberIds.length) return found;
    for (const row of await this.restricted.execute({ members: memberIds, viewers: viewerIds })) {
      const entry = found.get(row.memberId) ?? { audience: row.audience as RestrictedPresence['audience'], followers: new Set() };
      if (row.followerId !== null) entry.followers.add(row.followerId);
      found.set(row.memberId, entry);
    }
    return found;
  }
}

import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountSilences, accountSuspensions, adminAudit, instanceModerators, users } from '../../db/schema/index.ts';

/** A member as the admin area names them. */
export interface StaffMember {
  id: number;
  email: string;
  isConfirmed: boolean;
  username: string | null;
  fullName: string | null;
  profilePicture: string | null;
}

export interface SuspensionRow {
  userId: number;
  reason: string;
  until: Date | null;
  createdAt: Date;
}

export type AuditRow = typeof adminAudit.$inferSelect;

const memberColumns = {
  id: users.id,
  email: users.email,
  isConfirmed: users.isConfirmed,
  username: users.username,
  fullName: users.fullName,
  profilePicture: users.profilePicture,
};

/** A suspension, or a silence (their posts reach only their followers): the same columns, each in its own table. */
export type RestrictionKind = 'suspension' | 'silence';
type RestrictionTable = typeof accountSuspensions | typeof accountSilences;
const TABLES = { suspension: accountSuspensions, silence: accountSilences } as const;

/** In force: no end, or an end still ahead. */
const inForce = (t: RestrictionTable) => or(isNull(t.until), gt(t.until, sql`now()`));

/** Moderators, suspensions and the audit log of running the instance. */
export class AdminRepository {
  constructor(private readonly db: Db) {}

  /** Members by id (erased accounts are absent). */
  async findMembers(ids: number[]): Promise<Map<number, StaffMember>> {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return new Map();
    const rows = await this.db
      .select(memberColumns)
      .from(users)
      .where(and(inArray(users.id, wanted), isNull(users.deletedAt)));
    return new Map(rows.map((r) => [r.id, r]));
  }

  async findMember(id: number): Promise<StaffMember | null> {
    return (await this.findMembers([id])).get(id) ?? null;
  }

  async isModerator(userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: instanceModerators.userId })
      .from(instanceModerators)
      .where(eq(instanceModerators.userId, userId));
    return Boolean(row);
  }

  /** False when they already were one. */
  async appointModerator(userId: number, appointedBy: number): Promise<boolean> {
    const rows = await this.db
      .insert(instanceModerators)
      .values({ userId, appointedBy })
      .onConflictDoNothing()
      .returning({ id: instanceModerators.userId });
    return rows.length > 0;
  }

  /** False when they were not one. */
  async dismissModerator(userId: number): Promise<boolean> {
    const rows = await this.db
      .delete(instanceModerators)
      .where(eq(instanceModerators.userId, userId))
      .returning({ id: instanceModerators.userId });
    return rows.length > 0;
  }

  async listModerators() {
    return this.db
      .select({ ...memberColumns, appointedAt: instanceModerators.createdAt })
      .from(instanceModerators)
      .innerJoin(users, eq(users.id, instanceModerators.userId))
      .orderBy(desc(instanceModerators.createdAt));
  }

  async findSuspension(userId: number, kind: RestrictionKind = 'suspension'): Promise<SuspensionRow | null> {
    const t = TABLES[kind];
    const [row] = await this.db
      .select({ userId: t.userId, reason: t.reason, until: t.until, createdAt: t.createdAt })
      .from(t)
      .where(and(eq(t.userId, userId), inForce(t)));
    return row ?? null;
  }

  /** Members suspended (or silenced) now, the latest first. */
  async listRestricted(kind: RestrictionKind) {
    const t = TABLES[kind];
    return this.db
      .select({ ...memberColumns, reason: t.reason, until: t.until, createdAt: t.createdAt })
      .from(t)
      .innerJoin(users, eq(users.id, t.userId))
      .where(inForce(t))
      .orderBy(desc(t.createdAt))
      .limit(200);
  }

  /** A new suspension (or silence) replaces the one in force, if any (its reason and end). */
  async suspend(
    input: { userId: number; reason: string; until: Date | null; imposedBy: number },
    kind: RestrictionKind = 'suspension',
  ): Promise<SuspensionRow> {
    const t = TABLES[kind];
    const [row] = await this.db
      .insert(t)
      .values(input)
      .onConflictDoUpdate({
        target: t.userId,
        set: { reason: input.reason, until: input.until, imposedBy: input.imposedBy, createdAt: sql`now()` },
      })
      .returning({ userId: t.userId, reason: t.reason, until: t.until, createdAt: t.createdAt });
    return row!;
  }

  /** False when no suspension (or silence) was in force. */
  async lift(userId: number, kind: RestrictionKind = 'suspension'): Promise<boolean> {
    const t = TABLES[kind];
    const rows = await this.db
      .delete(t)
      .where(and(eq(t.userId, userId), inForce(t)))
      .returning({ id: t.userId });
    // One that ran out is history, not a suspension: it goes too, so the next one starts clean.
    await this.db.delete(t).where(eq(t.userId, userId));
    return rows.length > 0;
  }

  async audit(entry: {
    actorId: number;
    action: string;
    targetUserId?: number | null;
    reason?: string | null;
    details?: Record<string, unknown>;
  }): Promise<number> {
    const [row] = await this.db
      .insert(adminAudit)
      .values({ ...entry, details: entry.details ?? {} })
      .returning({ id: adminAudit.id });
    return row!.id;
  }

  async findAuditEntry(id: number): Promise<AuditRow | null> {
    const [row] = await this.db.select().from(adminAudit).where(eq(adminAudit.id, id));
    return row ?? null;
  }

  /** The entry of the member's latest suspension (on its own or as a report's outcome): what they appeal. */
  async latestSuspensionEntry(userId: number): Promise<AuditRow | null> {
    const [row] = await this.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetUserId, userId), inArray(adminAudit.action, ['user.suspend', 'report.suspend'])))
      .orderBy(desc(adminAudit.id))
      .limit(1);
    return row ?? null;
  }

  /** Newest first, `limit + 1` rows so the caller knows whether more follow. */
  async auditPage(before: number | undefined, limit: number): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(adminAudit)
      .where(before ? lt(adminAudit.id, before) : undefined)
      .orderBy(desc(adminAudit.id))
      .limit(limit + 1);
  }
}

import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FilterEntry, RegistrationMode } from '@tribeverse/shared';
import type { Db } from '../../db/client.ts';
import { instanceInvites, instanceSettings, pendingRegistrations, spentChallenges, users } from '../../db/schema/index.ts';

export interface SettingsRow {
  registration: RegistrationMode;
  rules: string[];
  proofOfWork: boolean;
  newAccountHours: number;
  approvalQuestion: string | null;
}

const DEFAULTS: SettingsRow = { registration: 'open', rules: [], proofOfWork: false, newAccountHours: 0, approvalQuestion: null };
const columns = {
  registration: instanceSettings.registration,
  rules: instanceSettings.rules,
  proofOfWork: instanceSettings.proofOfWork,
  newAccountHours: instanceSettings.newAccountHours,
  approvalQuestion: instanceSettings.approvalQuestion,
};

/** Who may sign up, the rules, the sign-ups waiting for approval, and invites. */
export class AdminSettingsRepository {
  constructor(private readonly db: Db) {}

  async get(): Promise<SettingsRow> {
    const [row] = await this.db.select(columns).from(instanceSettings).where(eq(instanceSettings.id, 1));
    return row ?? DEFAULTS;
  }

  async update(patch: Partial<SettingsRow>): Promise<SettingsRow> {
    const [row] = await this.db
      .insert(instanceSettings)
      .values({ id: 1, ...DEFAULTS, ...patch })
      .onConflictDoUpdate({ target: instanceSettings.id, set: { ...patch, updatedAt: sql`now()` } })
      .returning(columns);
    return row!;
  }

  /**
   * Takes a solved proof-of-work challenge: true the first time, on any process, false after. The expired ones go in
   * the same statement (sign-ups are few, and a challenge lives ten minutes).
   */
  async spendChallenge(signature: string, expiresAt: Date): Promise<boolean> {
    const result = await this.db.execute(sql`
      with expired as (delete from ${spentChallenges} where ${spentChallenges.expiresAt} < now())
      insert into ${spentChallenges} (signature, expires_at) values (${signature}, ${expiresAt.toISOString()}::timestamptz)
      on conflict do nothing returning signature`);
    return (result as unknown as { rows: unknown[] }).rows.length === 1;
  }

  /** Whether the member signed up less than the instance's new-account hours ago (false when those are 0). */
  async isNewAccount(userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .leftJoin(instanceSettings, eq(instanceSettings.id, 1))
      .where(
        and(
          eq(users.id, userId),
          sql`${users.createdAt} > now() - make_interval(hours => coalesce(${instanceSettings.newAccountHours}, ${DEFAULTS.newAccountHours}))`,
        ),
      );
    return Boolean(row);
  }

  async getFilters(): Promise<FilterEntry[]> {
    const [row] = await this.db.select({ filters: instanceSettings.filters }).from(instanceSettings).where(eq(instanceSettings.id, 1));
    return row?.filters ?? [];
  }

  async setFilters(filters: FilterEntry[]): Promise<FilterEntry[]> {
    const [row] = await this.db
      .insert(instanceSettings)
      .values({ id: 1, ...DEFAULTS, filters })
      .onConflictDoUpdate({ target: instanceSettings.id, set: { filters, updatedAt: sql`now()` } })
      .returning({ filters: instanceSettings.filters });
    return row!.filters;
  }

  async addPending(userId: number, answer: string | null) {
    await this.db.insert(pendingRegistrations).values({ userId, answer }).onConflictDoNothing();
  }

  async isPending(userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: pendingRegistrations.userId })
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.userId, userId));
    return Boolean(row);
  }

  /** Oldest first: the first to ask is the first answered. */
  async listPending() {
    return this.db
      .select({
        userId: pendingRegistrations.userId,
        email: users.email,
        answer: pendingRegistrations.answer,
        createdAt: pendingRegistrations.createdAt,
      })
      .from(pendingRegistrations)
      .innerJoin(users, eq(users.id, pendingRegistrations.userId))
      .orderBy(asc(pendingRegistrations.createdAt), asc(pendingRegistrations.userId))
      .limit(200);
  }

  /** The address of the account let in, or null when it was not waiting. */
  async removePending(userId: number): Promise<string | null> {
    const rows = await this.db
      .delete(pendingRegistrations)
      .where(eq(pendingRegistrations.userId, userId))
      .returning({ id: pendingRegistrations.userId });
    if (!rows.length) return null;
    const [user] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return user?.email ?? null;
  }

  async createInvite(code: string, createdBy: number, expiresAt: Date) {
    await this.db.insert(instanceInvites).values({ code, createdBy, expiresAt });
  }

  async isUsableInvite(code: string): Promise<boolean> {
    const [row] = await this.db.select({ code: instanceInvites.code }).from(instanceInvites).where(this.usable(code));
    return Boolean(row);
  }

  /** False when someone else spent it first (or it ran out meanwhile). */
  async spendInvite(code: string, userId: number): Promise<boolean> {
    const rows = await this.db
      .update(instanceInvites)
      .set({ usedBy: userId })
      .where(this.usable(code))
      .returning({ code: instanceInvites.code });
    return rows.length > 0;
  }

  private usable(code: string) {
    return and(eq(instanceInvites.code, code), isNull(instanceInvites.usedBy), gt(instanceInvites.expiresAt, sql`now()`));
  }
}

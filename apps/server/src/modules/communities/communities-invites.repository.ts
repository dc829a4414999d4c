import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { communityInvites } from '../../db/schema/index.ts';

export type InviteRow = typeof communityInvites.$inferSelect;

/** Invite links of communities. */
export class CommunityInvitesRepository {
  constructor(private readonly db: Db) {}

  async createInvite(values: typeof communityInvites.$inferInsert): Promise<InviteRow> {
    const [row] = await this.db.insert(communityInvites).values(values).returning();
    return row!;
  }

  async findInvite(code: string): Promise<InviteRow | null> {
    const [row] = await this.db.select().from(communityInvites).where(eq(communityInvites.code, code)).limit(1);
    return row ?? null;
  }

  async listInvites(communityId: number): Promise<InviteRow[]> {
    return this.db
      .select()
      .from(communityInvites)
      .where(eq(communityInvites.communityId, communityId))
      .orderBy(desc(communityInvites.id))
      .limit(100);
  }

  async revokeInvite(communityId: number, code: string): Promise<boolean> {
    const rows = await this.db
      .update(communityInvites)
      .set({ revokedAt: new Date() })
      .where(and(eq(communityInvites.communityId, communityId), eq(communityInvites.code, code), isNull(communityInvites.revokedAt)))
      .returning({ id: communityInvites.id });
    return rows.length > 0;
  }

  /** Takes one use of a working invite, atomically: two people racing for the last use cannot both get it. */
  async takeInviteUse(code: string): Promise<InviteRow | null> {
    const [row] = await this.db
      .update(communityInvites)
      .set({ uses: sql`${communityInvites.uses} + 1` })
      .where(
        and(
          eq(communityInvites.code, code),
          isNull(communityInvites.revokedAt),
          sql`${communityInvites.expiresAt} > now()`,
          or(isNull(communityInvites.maxUses), lt(communityInvites.uses, communityInvites.maxUses)),
        ),
      )
      .returning();
    return row ?? null;
  }
}

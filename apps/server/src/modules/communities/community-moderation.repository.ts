import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { communityAudit, communityReports } from '../../db/schema/index.ts';

export type ReportRow = typeof communityReports.$inferSelect;
export type AuditRow = typeof communityAudit.$inferSelect;

/** Reports and the audit log. */
export class CommunityModerationRepository {
  constructor(private readonly db: Db) {}

  async createReport(values: typeof communityReports.$inferInsert): Promise<ReportRow> {
    const [row] = await this.db.insert(communityReports).values(values).returning();
    return row!;
  }

  async findReport(communityId: number, id: number): Promise<ReportRow | null> {
    const [row] = await this.db
      .select()
      .from(communityReports)
      .where(and(eq(communityReports.id, id), eq(communityReports.communityId, communityId)))
      .limit(1);
    return row ?? null;
  }

  async listReports(communityId: number, status: ReportRow['status'], limit: number, before?: number): Promise<ReportRow[]> {
    return this.db
      .select()
      .from(communityReports)
      .where(
        and(
          eq(communityReports.communityId, communityId),
          eq(communityReports.status, status),
          before ? lt(communityReports.id, before) : undefined,
        ),
      )
      .orderBy(desc(communityReports.id))
      .limit(limit);
  }

  async resolveReport(id: number, status: 'resolved' | 'dismissed', by: number): Promise<ReportRow> {
    const [row] = await this.db
      .update(communityReports)
      .set({ status, resolvedBy: by, resolvedAt: new Date() })
      .where(eq(communityReports.id, id))
      .returning();
    return row!;
  }

  async record(values: typeof communityAudit.$inferInsert) {
    await this.db.insert(communityAudit).values(values);
  }

  async listAudit(communityId: number, limit: number, before?: number): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(communityAudit)
      .where(and(eq(communityAudit.communityId, communityId), before ? lt(communityAudit.id, before) : undefined))
      .orderBy(desc(communityAudit.id))
      .limit(limit);
  }
}

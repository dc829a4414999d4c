import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { communityAudit, communityReports } from '../../db/schema/index.ts';
import type { ReportScope } from './communities.policy.ts';

export type ReportRow = typeof communityReports.$inferSelect;
export type AuditRow = typeof communityAudit.$inferSelect;

/** Reports and the audit log. */
export class CommunityModerationRepository {
  constructor(private readonly db: Db) {}

  async createReport(values: typeof communityReports.$inferInsert): Promise<ReportRow> {
    const [row] = await this.db.insert(communityReports).values(values).returning();
    return row!;
  }

  /** Reports about a member are outside their scope (communities.policy.ts): these reads never return them. */
  private inScope(scope: ReportScope) {
    return sql`${communityReports.reportedUserId} is distinct from ${scope.notAbout}`;
  }

  async findReport(communityId: number, id: number, scope: ReportScope): Promise<ReportRow | null> {
    const [row] = await this.db
      .select()
      .from(communityReports)
      .where(and(eq(communityReports.id, id), eq(communityReports.communityId, communityId), this.inScope(scope)))
      .limit(1);
    return row ?? null;
  }

  async listReports(
    communityId: number,
    status: ReportRow['status'],
    scope: ReportScope,
    limit: number,
    before?: number,
  ): Promise<ReportRow[]> {
    return this.db
      .select()
      .from(communityReports)
      .where(
        and(
          eq(communityReports.communityId, communityId),
          eq(communityReports.status, status),
          this.inScope(scope),
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

  /** The log, less the closing of reports outside the reader's scope: that entry would tell them they were reported. */
  async listAudit(communityId: number, scope: ReportScope, limit: number, before?: number): Promise<AuditRow[]> {
    const notAboutReportOutOfScope = sql`not (${communityAudit.action} = 'report.resolve' and ${communityAudit.targetUserId} is not distinct from ${scope.notAbout})`;
    return this.db
      .select()
      .from(communityAudit)
      .where(and(eq(communityAudit.communityId, communityId), notAboutReportOutOfScope, before ? lt(communityAudit.id, before) : undefined))
      .orderBy(desc(communityAudit.id))
      .limit(limit);
  }
}

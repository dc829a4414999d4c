import { and, desc, eq, lt } from 'drizzle-orm';
import type { ReportAction, ReportedContent, ReportTargetKind } from '@tribeverse/shared';
import type { Db } from '../../db/client.ts';
import { instanceReports } from '../../db/schema/index.ts';

export type ReportRow = Omit<typeof instanceReports.$inferSelect, 'content'> & { content: ReportedContent };
export type EarlierReport = Pick<ReportRow, 'id' | 'reportedUserId' | 'reason' | 'status' | 'action' | 'createdAt'>;

/** How many earlier reports about the same member come with each report in the queue. */
const EARLIER_MAX = 10;

/** Reports to the instance's moderators. */
export class AdminReportsRepository {
  constructor(private readonly db: Db) {}

  async create(input: {
    reporterId: number;
    targetKind: ReportTargetKind;
    targetId: number;
    reportedUserId: number | null;
    reason: string;
    note: string | null;
    content: ReportedContent;
  }): Promise<ReportRow> {
    const [row] = await this.db.insert(instanceReports).values(input).returning();
    return row as ReportRow;
  }

  async findById(id: number): Promise<ReportRow | null> {
    const [row] = await this.db.select().from(instanceReports).where(eq(instanceReports.id, id));
    return (row as ReportRow | undefined) ?? null;
  }

  /** Newest first, `limit + 1` rows so the caller knows whether more follow. */
  async findPage(status: 'open' | 'resolved', before: number | undefined, limit: number): Promise<ReportRow[]> {
    const rows = await this.db
      .select()
      .from(instanceReports)
      .where(and(eq(instanceReports.status, status), before ? lt(instanceReports.id, before) : undefined))
      .orderBy(desc(instanceReports.id))
      .limit(limit + 1);
    return rows as ReportRow[];
  }

  /** For each of these reports, the reports about the same member made before it, newest first. */
  async findEarlier(reports: Array<Pick<ReportRow, 'id' | 'reportedUserId'>>): Promise<Map<number, EarlierReport[]>> {
    const byMember = new Map<number, number[]>();
    for (const r of reports)
      if (r.reportedUserId !== null) byMember.set(r.reportedUserId, [...(byMember.get(r.reportedUserId) ?? []), r.id]);
    // Per member, the rows below their newest report on this page: each report's earlier ones are among them.
    const found = await Promise.all(
      [...byMember].map(([memberId, ids]) =>
        this.db
          .select({
            id: instanceReports.id,
            reportedUserId: instanceReports.reportedUserId,
            reason: instanceReports.reason,
            status: instanceReports.status,
            action: instanceReports.action,
            createdAt: instanceReports.createdAt,
          })
          .from(instanceReports)
          .where(and(eq(instanceReports.reportedUserId, memberId), lt(instanceReports.id, Math.max(...ids))))
          .orderBy(desc(instanceReports.id))
          .limit(ids.length + EARLIER_MAX),
      ),
    );
    const rows = found.flat();
    return new Map(
      reports.map((report) => [
        report.id,
        rows.filter((r) => r.reportedUserId === report.reportedUserId && r.id < report.id).slice(0, EARLIER_MAX),
      ]),
    );
  }

  /** Null when it was resolved already (by another moderator at the same moment). */
  async resolve(id: number, input: { action: ReportAction; note: string | null; resolvedBy: number }): Promise<ReportRow | null> {
    const [row] = await this.db
      .update(instanceReports)
      .set({ status: 'resolved', action: input.action, resolutionNote: input.note, resolvedBy: input.resolvedBy, resolvedAt: new Date() })
      .where(and(eq(instanceReports.id, id), eq(instanceReports.status, 'open')))
      .returning();
    return (row as ReportRow | undefined) ?? null;
  }
}

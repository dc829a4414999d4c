import type { AdminAuditEntry, AdminUser, Appeal, InstanceReport, Suspension } from '@tribeverse/shared';
import { APPEALABLE } from './admin.policy.ts';
import type { AppealRow } from './admin-appeals.repository.ts';
import type { AuditRow, StaffMember, SuspensionRow } from './admin.repository.ts';
import type { EarlierReport, ReportRow } from './admin-reports.repository.ts';

/** A member as the admin area shows them; null for an erased account. */
export function presentMember(member: StaffMember | undefined | null): AdminUser | null {
  if (!member) return null;
  return { id: member.id, username: member.username, full_name: member.fullName, profile_picture: member.profilePicture };
}

const memberOf = (members: Map<number, StaffMember>, id: number | null) => (id === null ? null : presentMember(members.get(id)));

export function presentReport(row: ReportRow, members: Map<number, StaffMember>, earlier: EarlierReport[]): InstanceReport {
  return {
    id: row.id,
    status: row.status,
    target: { kind: row.targetKind, id: row.targetId },
    reason: row.reason,
    note: row.note,
    reporter: memberOf(members, row.reporterId),
    reported_user: memberOf(members, row.reportedUserId),
    content: row.content,
    earlier_reports: earlier.map((e) => ({
      id: e.id,
      reason: e.reason,
      status: e.status,
      action: e.action,
      created_at: e.createdAt.toISOString(),
    })),
    action: row.action,
    resolution_note: row.resolutionNote,
    resolved_by: memberOf(members, row.resolvedBy),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The members a page of reports names, to look up at once. */
export const membersOfReports = (rows: ReportRow[]) =>
  rows.flatMap((r) => [r.reporterId, r.reportedUserId, r.resolvedBy]).filter((id) => id !== null);

export function presentSuspension(row: SuspensionRow): Suspension {
  return { user_id: row.userId, reason: row.reason, until: row.until?.toISOString() ?? null, created_at: row.createdAt.toISOString() };
}

export function presentAuditEntry(row: AuditRow, members: Map<number, StaffMember>): AdminAuditEntry {
  return {
    id: row.id,
    action: row.action as AdminAuditEntry['action'],
    actor: memberOf(members, row.actorId),
    target_user: memberOf(members, row.targetUserId),
    reason: row.reason,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  };
}

/** An appeal as its author sees it; `entry` is the action appealed. */
export function presentAppeal(row: AppealRow, entry: Pick<AuditRow, 'action'>): Appeal {
  return {
    id: row.id,
    action: APPEALABLE[entry.action]!,
    status: row.status,
    text: row.text,
    decision_note: row.decisionNote,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

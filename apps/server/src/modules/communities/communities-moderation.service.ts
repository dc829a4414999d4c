import { ErrorCode, type NotificationContent } from '@tribeverse/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { CommunityMembersRepository } from './communities-members.repository.ts';
import type { CommunityChatService } from './communities-chat.service.ts';
import type { CommunityModerationRepository } from './communities-moderation.repository.ts';
import type { CommunityAccess } from './communities-access.ts';
import { presentAudit, presentReport } from './communities.presenter.ts';
import { reportScopeOf } from './communities.policy.ts';

/**
 * Reports and the audit log. A report goes to the queue of the admins and moderators only: nothing about it ever
 * reaches the reported member (no event, no notification, no field in anything they can read): every read and the
 * resolving go through the reviewer's report scope (communities.policy.ts), which leaves out reports about them.
 */
export class CommunityModerationService {
  constructor(
    private readonly members: CommunityMembersRepository,
    /** Community chat: the message a member reports, and reported messages as the queue shows them. */
    private readonly messages: Pick<CommunityChatService, 'reportable' | 'forReports'>,
    private readonly moderation: CommunityModerationRepository,
    private readonly access: CommunityAccess,
    private readonly notify: (userId: number, content: NotificationContent) => Promise<void>,
  ) {}

  async report(me: number, id: number, body: { reason: string; message_id?: number; user_id?: number }) {
    const { community } = await this.access.member(me, id);
    let reported = body.user_id ?? null;
    let messageId: number | null = null;
    if (body.message_id) {
      const message = await this.messages.reportable(me, id, body.message_id);
      if (reported !== null && reported !== message.senderId)
        throw badRequest('This message is not from that member.', ErrorCode.VALIDATION_FAILED, 'user_id');
      reported = message.senderId;
      messageId = message.id;
    }
    if (reported === me) throw badRequest('You cannot report yourself.', ErrorCode.BAD_REQUEST, 'user_id');
    if (!messageId && !(await this.members.findMembership(id, reported!))) throw notFound('This member is not in the community.');
    const row = await this.moderation.createReport({
      communityId: id,
      reporterId: me,
      reportedUserId: reported,
      messageId,
      reason: body.reason,
    });
    for (const admin of await this.members.adminIds(id))
      if (admin !== reported)
        await this.notify(admin, {
          kind: 'community_report',
          payload: { community_id: id, community_name: community.name, report_id: row.id },
        });
    return { id: row.id, status: 'open' as const };
  }

  async reports(me: number, id: number, query: { status: 'open' | 'resolved' | 'dismissed'; before?: number; limit: number }) {
    await this.access.withRight(me, id, 'review_reports');
    const rows = await this.moderation.listReports(id, query.status, reportScopeOf(me), query.limit + 1, query.before);
    const page = rows.slice(0, query.limit);
    const userIds = new Set<number>();
    for (const r of page) for (const u of [r.reporterId, r.reportedUserId, r.resolvedBy]) if (u) userIds.add(u);
    const [users, messageById] = await Promise.all([
      this.members.findUsers([...userIds]),
      this.messages.forReports(page.map((r) => r.messageId).filter((m): m is number => m !== null)),
    ]);
    const userById = new Map(users.map((u) => [u.id, u]));
    return {
      reports: page.map((r) => presentReport(r, userById, r.messageId ? (messageById.get(r.messageId) ?? null) : null)),
      next_cursor: rows.length > query.limit ? page.at(-1)!.id : null,
    };
  }

  async resolve(me: number, id: number, reportId: number, status: 'resolved' | 'dismissed') {
    await this.access.withRight(me, id, 'review_reports');
    // A report about the reviewer is answered as if it did not exist: they can neither read nor close it.
    const report = await this.moderation.findReport(id, reportId, reportScopeOf(me));
    if (!report) throw notFound('Report not found.');
    const row = await this.moderation.resolveReport(reportId, status, me);
    await this.access.audit(id, me, 'report.resolve', report.reportedUserId, { report_id: reportId, status });
    const ids = [row.reporterId, row.reportedUserId, row.resolvedBy].filter((u): u is number => u !== null);
    const users = new Map((await this.members.findUsers(ids)).map((u) => [u.id, u]));
    const message = row.messageId ? ((await this.messages.forReports([row.messageId])).get(row.messageId) ?? null) : null;
    return presentReport(row, users, message);
  }

  async audit(me: number, id: number, query: { before?: number; limit: number }) {
    await this.access.withRight(me, id, 'read_audit');
    const rows = await this.moderation.listAudit(id, reportScopeOf(me), query.limit + 1, query.before);
    const page = rows.slice(0, query.limit);
    const ids = new Set<number>();
    for (const r of page) for (const u of [r.actorId, r.targetUserId]) if (u) ids.add(u);
    const users = new Map((await this.members.findUsers([...ids])).map((u) => [u.id, u]));
    return { entries: page.map((r) => presentAudit(r, users)), next_cursor: rows.length > query.limit ? page.at(-1)!.id : null };
  }
}

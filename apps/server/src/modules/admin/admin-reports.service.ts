import type { instanceReportBodySchema, NotificationContent, ReportAction, ReportedContent, z } from '@tribeverse/shared';
import { ErrorCode } from '@tribeverse/shared';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertNotSelf, type Staff } from './admin.policy.ts';
import { membersOfReports, presentMember, presentReport } from './admin.presenter.ts';
import type { AdminRepository } from './admin.repository.ts';
import type { AdminService } from './admin.service.ts';
import type { AdminReportsRepository, ReportRow } from './admin-reports.repository.ts';
import type { AdminTargetsRepository, MessageCopy, MessagePlace } from './admin-targets.repository.ts';

/** What the feed removes when a report on a post or a comment is upheld, and brings back when an appeal is. */
export interface ContentRemoval {
  removeAsModerator(postId: number): Promise<unknown>;
  removeCommentAsModerator(postId: number, commentId: number): Promise<void>;
  restore(postId: number): Promise<boolean>;
  /** The removed comment itself comes back; one removed before removals kept comments is written again from `text`. */
  restoreComment(postId: number, authorId: number, text: string, commentId: number): Promise<boolean>;
}

/** What the conversation core removes when a report on messages is upheld: one message, for everyone. */
export interface MessageRemoval {
  removeAsModerator(place: MessagePlace, messageId: number, moderatorId: number): Promise<void>;
}

type InstanceReportBody = z.infer<typeof instanceReportBodySchema>;

const OUTCOME = {
  dismiss: 'dismissed',
  remove_content: 'content_removed',
  warn: 'member_warned',
  silence: 'member_silenced',
  suspend: 'member_suspended',
} as const;
const samePlace = (a: MessagePlace, b: MessagePlace) =>
  a.kind === 'direct' && b.kind === 'direct'
    ? Math.min(...a.members) === Math.min(...b.members) && Math.max(...a.members) === Math.max(...b.members)
    : a.kind !== 'direct' && b.kind !== 'direct' && a.conversationId === b.conversationId;

/** Only posts, comments and messages can be removed: a member or a community is dealt with otherwise. */
function assertRemovable(content: ReportedContent) {
  if (content.kind === 'user' || content.kind === 'community')
    throw badRequest(
      'Only posts, comments and messages can be removed from here: suspend the member instead.',
      ErrorCode.VALIDATION_FAILED,
      'action',
    );
}

/**
 * Reports of anything a member can see, and the queue the instance's moderators work through. A report on private
 * messages copies the messages the reporter chose (and nothing else of the conversation): moderators judge that
 * copy, which the sender's later edits or deletions do not change.
 */
export class AdminReportsService {
  constructor(
    private readonly reports: AdminReportsRepository,
    private readonly targets: AdminTargetsRepository,
    private readonly members: AdminRepository,
    private readonly admin: AdminService,
    private readonly removal: ContentRemoval,
    private readonly messageRemoval: MessageRemoval,
    private readonly tell: (userId: number, content: NotificationContent) => Promise<void>,
  ) {}

  async report(reporterId: number, body: InstanceReportBody) {
    const { kind, id } = body.target;
    if (kind !== 'message' && body.message_ids?.length)
      throw badRequest('Only a report on a message takes further messages.', ErrorCode.VALIDATION_FAILED, 'message_ids');
    const { reportedUserId, content } = await this.whatIsReported(reporterId, kind, id, body.message_ids ?? []);
    assertNotSelf(reporterId, reportedUserId);
    const row = await this.reports.create({
      reporterId,
      targetKind: kind,
      targetId: id,
      reportedUserId,
      reason: body.reason,
      note: body.note || null,
      content,
    });
    return { id: row.id, status: 'open' as const };
  }

  /** The thing reported as the reporter sees it now, or 404 when it is gone or was never theirs to see. */
  private async whatIsReported(reporterId: number, kind: InstanceReportBody['target']['kind'], id: number, messageIds: number[]) {
    switch (kind) {
      case 'post': {
        const post = await this.targets.findPost(id);
        if (!post) throw notFound('This post does not exist (it may have been deleted).');
        const content: ReportedContent = { kind, text: post.text, images: post.images, created_at: post.createdAt.toISOString() };
        return { reportedUserId: post.authorId, content };
      }
      case 'comment': {
        const comment = await this.targets.findComment(id);
        if (!comment) throw notFound('This comment does not exist.');
        const { postId, text, postText, createdAt } = comment;
        const content: ReportedContent = { kind, post_id: postId, text, post_text: postText, created_at: createdAt.toISOString() };
        return { reportedUserId: comment.authorId, content };
      }
      case 'user': {
        const member = await this.targets.findMember(id);
        if (!member) throw notFound('This member does not exist.');
        return { reportedUserId: member.id, content: { kind, bio: member.bio } satisfies ReportedContent };
      }
      case 'community': {
        const community = await this.targets.findCommunity(id);
        const visible = community && (community.visibility === 'public' || (await this.targets.isCommunityMember(id, reporterId)));
        if (!community || !visible) throw notFound('This community does not exist.');
        const content: ReportedContent = { kind, name: community.name, description: community.description };
        return { reportedUserId: community.ownerId, content };
      }
      case 'message':
        return this.copyMessages(reporterId, id, messageIds);
    }
  }

  /** The reported message and the ones chosen with it, all of one conversation the reporter reads. */
  private async copyMessages(reporterId: number, id: number, messageIds: number[]) {
    const reported = await this.targets.findMessage(id);
    const gone = () => notFound('This message does not exist (it may have been deleted).');
    if (!reported || !(await this.mayRead(reporterId, reported.place, reported.id))) throw gone();
    const others = await this.targets.findMessages(messageIds.filter((m) => m !== id));
    if (others.length !== new Set(messageIds.filter((m) => m !== id)).size) throw gone();
    for (const m of others) if (!samePlace(m.place, reported.place) || !(await this.mayRead(reporterId, m.place, m.id))) throw gone();
    const copies: MessageCopy[] = [reported, ...others].sort((a, b) => a.id - b.id);
    const senders = await this.members.findMembers(copies.map((m) => m.senderId));
    const content: ReportedContent = {
      kind: 'message',
      conversation: reported.place.kind,
      messages: copies.map((m) => ({
        id: m.id,
        sender: presentMember(senders.get(m.senderId)),
        text: m.text,
        media_type: m.mediaType,
        created_at: m.createdAt.toISOString(),
      })),
    };
    return { reportedUserId: reported.senderId, content };
  }

  private async mayRead(userId: number, place: MessagePlace, messageId: number) {
    if (place.kind === 'direct') return place.members.includes(userId);
    if (place.kind === 'channel') return this.targets.isCommunityMember(place.communityId, userId);
    const historyFrom = await this.targets.groupHistoryFrom(place.conversationId, userId);
    return historyFrom !== null && messageId > historyFrom;
  }

  async page(status: 'open' | 'resolved', before: number | undefined, limit: number) {
    const rows = await this.reports.findPage(status, before, limit);
    const page = rows.slice(0, limit);
    const [members, earlier] = await Promise.all([this.members.findMembers(membersOfReports(page)), this.reports.findEarlier(page)]);
    return {
      reports: page.map((r) => presentReport(r, members, earlier.get(r.id) ?? [])),
      next_cursor: rows.length > limit ? page[page.length - 1]!.id : null,
    };
  }

  async resolve(staff: Staff, id: number, input: { action: ReportAction; note?: string }) {
    const report = await this.reports.findById(id);
    if (!report) throw notFound('This report does not exist.');
    if (report.status !== 'open') throw conflict('This report is resolved already.');
    const note = input.note || null;
    const details = { report_id: report.id, target_kind: report.targetKind, target_id: report.targetId };
    const reported = () => {
      if (report.reportedUserId === null) throw badRequest('The member this report is about no longer exists.');
      return report.reportedUserId;
    };
    if (input.action === 'suspend' || input.action === 'silence') {
      const restrict = input.action === 'suspend' ? this.admin.suspend : this.admin.silence;
      await restrict.call(this.admin, staff, reported(), { reason: note ?? report.reason }, { action: `report.${input.action}`, details });
    } else {
      if (input.action === 'remove_content') assertRemovable(report.content);
      // The action's entry in the audit log is what its member appeals (its id goes with the notice of a removal).
      const actionId = await this.admin.record(staff, {
        action: `report.${input.action}`,
        targetUserId: report.reportedUserId,
        reason: note,
        details,
      });
      if (input.action === 'remove_content') await this.remove(staff, report, note, actionId);
      // The warning is the moderators' note, in their words; the reporter is never named.
      if (input.action === 'warn') await this.tell(reported(), { kind: 'moderator_warning', payload: { reason: note } });
    }
    const resolved = await this.reports.resolve(id, { action: input.action, note, resolvedBy: staff.userId });
    if (!resolved) throw conflict('This report is resolved already.');
    if (resolved.reporterId !== null) {
      const payload = { report_id: resolved.id, target_kind: resolved.targetKind, outcome: OUTCOME[input.action] };
      await this.tell(resolved.reporterId, { kind: 'report_resolved', payload });
    }
    return this.present(resolved);
  }

  /**
   * The post, comment or reported messages go, and their author is told why (in the moderators' words, never the
   * reporter's) with the action to appeal. Of the messages a report copied, those of the reported member go (not the
   * reporter's own, copied for context); one already deleted stays deleted.
   */
  private async remove(staff: Staff, report: ReportRow, note: string | null, actionId: number) {
    const { content } = report;
    if (content.kind === 'post') await this.removal.removeAsModerator(report.targetId);
    else if (content.kind === 'comment') await this.removal.removeCommentAsModerator(content.post_id, report.targetId);
    else if (content.kind === 'message') {
      const theirs = content.messages.filter((m) => m.sender?.id === report.reportedUserId).map((m) => m.id);
      for (const message of await this.targets.findMessages(theirs))
        await this.messageRemoval.removeAsModerator(message.place, message.id, staff.userId);
    }
    if (report.reportedUserId !== null && content.kind !== 'user' && content.kind !== 'community')
      await this.tell(report.reportedUserId, {
        kind: 'content_removed',
        payload: { target_kind: content.kind, reason: note, action_id: actionId },
      });
  }

  private async present(row: ReportRow) {
    const [members, earlier] = await Promise.all([this.members.findMembers(membersOfReports([row])), this.reports.findEarlier([row])]);
    return presentReport(row, members, earlier.get(row.id) ?? []);
  }
}

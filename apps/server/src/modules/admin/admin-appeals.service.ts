import {
  ErrorCode,
  type AdminAppeal,
  type Appeal,
  type AppealableAction,
  type NotificationContent,
  type ReportedContent,
} from '@tribeverse/shared';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { Mail } from '../../lib/mailer.ts';
import { APPEALABLE, type Staff } from './admin.policy.ts';
import { presentAppeal, presentMember } from './admin.presenter.ts';
import type { AdminRepository, AuditRow, StaffMember } from './admin.repository.ts';
import type { AdminService } from './admin.service.ts';
import type { AppealTokens } from './admin-appeal-token.ts';
import type { AdminAppealsRepository, AppealRow } from './admin-appeals.repository.ts';
import type { AdminReportsRepository } from './admin-reports.repository.ts';
import type { AdminHeldService } from './admin-held.service.ts';
import type { ContentRemoval } from './admin-reports.service.ts';

const NOTHING_TO_APPEAL = 'There is no such decision about you to appeal.';

/** To a member just suspended: why, until when, and that signing in offers the appeal. */
export const suspendedMail = (to: string, reason: string, until: Date | null): Mail => ({
  to,
  subject: 'Your Tribeverse account is suspended',
  text:
    `The instance's moderators suspended your account${until ? ` until ${until.toISOString()}` : ''}.\n\nTheir reason: ${reason}\n\n` +
    'If you think this is wrong, sign in as usual: the page that refuses you lets you appeal, once.',
});

const decidedMail = (to: string, accepted: boolean, note: string | null): Mail => ({
  to,
  subject: accepted ? 'Your Tribeverse account is no longer suspended' : 'Your appeal was turned down',
  text:
    (accepted
      ? "The instance's moderators accepted your appeal: you can sign in again."
      : "The instance's moderators looked at your appeal and kept the suspension.") + (note ? `\n\nTheir note: ${note}` : ''),
});

/**
 * Appeals: a member asks, once per action, for a removal or a suspension to be reversed, and the instance's staff
 * decide. Accepting reverses the action (the post or comment comes back, the suspension is lifted); either way the
 * member is told, by notification, and by mail for a suspension (they cannot read notifications while suspended).
 */
export class AdminAppealsService {
  constructor(
    private readonly appeals: AdminAppealsRepository,
    private readonly members: AdminRepository,
    private readonly reports: AdminReportsRepository,
    private readonly held: Pick<AdminHeldService, 'restore' | 'content'>,
    private readonly admin: AdminService,
    private readonly removal: ContentRemoval,
    private readonly tokens: AppealTokens,
    private readonly tell: (userId: number, content: NotificationContent) => Promise<void>,
    private readonly mail: (mail: Mail) => void,
  ) {}

  /** A signed-in member appeals an action about them (the id in its notification). */
  async appeal(userId: number, actionId: number, text: string): Promise<Appeal> {
    const entry = await this.members.findAuditEntry(actionId);
    if (!entry || entry.targetUserId !== userId || !APPEALABLE[entry.action]) throw notFound(NOTHING_TO_APPEAL);
    return this.file(entry, userId, text);
  }

  /** A suspended member appeals with the token their refused sign-in answered, while the suspension is in force. */
  async appealSuspension(token: string, text: string): Promise<Appeal> {
    const userId = this.tokens.verify(token);
    if (userId === null) throw new AppError(401, ErrorCode.UNAUTHORIZED, 'This appeal link has expired: sign in again to get a new one.');
    const entry = (await this.members.findSuspension(userId)) && (await this.members.latestSuspensionEntry(userId));
    if (!entry) throw notFound('This account is not suspended.');
    return this.file(entry, userId, text);
  }

  private async file(entry: AuditRow, userId: number, text: string) {
    const row = await this.appeals.create({ auditId: entry.id, userId, text });
    if (!row) throw conflict('You have appealed this decision already.', ErrorCode.APPEALED_ALREADY);
    return presentAppeal(row, entry);
  }

  async page(status: 'open' | 'decided', before: number | undefined, limit: number) {
    const rows = await this.appeals.findPage(status, before, limit);
    const page = rows.slice(0, limit);
    const members = await this.members.findMembers(page.flatMap((r) => [r.userId, r.decidedBy ?? r.userId]));
    return {
      appeals: await Promise.all(page.map((r) => this.present(r, members))),
      next_cursor: rows.length > limit ? page[page.length - 1]!.id : null,
    };
  }

  async decide(staff: Staff, id: number, input: { accept: boolean; note?: string }) {
    const appeal = await this.appeals.findById(id);
    const entry = appeal && (await this.members.findAuditEntry(appeal.auditId));
    if (!appeal || !entry) throw notFound('This appeal does not exist.');
    const note = input.note || null;
    const decided = await this.appeals.decide(id, { status: input.accept ? 'accepted' : 'rejected', note, decidedBy: staff.userId });
    if (!decided) throw conflict('This appeal is decided already.');
    const action = APPEALABLE[entry.action]!;
    if (input.accept) await this.reverse(staff, entry, action);
    await this.admin.record(staff, {
      action: input.accept ? 'appeal.accept' : 'appeal.reject',
      targetUserId: appeal.userId,
      reason: note,
      details: { appeal_id: id, action_id: entry.id, action },
    });
    await this.tell(appeal.userId, { kind: 'appeal_decided', payload: { appeal_id: id, accepted: input.accept, action, note } });
    const member = await this.members.findMember(appeal.userId);
    if (action === 'suspend' && member) this.mail(decidedMail(member.email, input.accept, note));
    return this.present(decided, await this.members.findMembers([decided.userId, staff.userId]));
  }

  /** The removed post or comment comes back; the suspension is lifted (if it has not ended meanwhile). */
  private async reverse(staff: Staff, entry: AuditRow, action: AppealableAction) {
    if (action === 'suspend') {
      await this.admin.lift(staff, entry.targetUserId!).catch((error: unknown) => {
        if (!(error instanceof AppError && error.statusCode === 404)) throw error;
      });
      return;
    }
    // A held item a moderator removed from the queue: the entry names it.
    if (await this.held.restore(entry.details)) return;
    const report = await this.reports.findById(Number(entry.details.report_id));
    if (!report) return;
    if (report.content.kind === 'post') await this.removal.restore(report.targetId);
    else if (report.content.kind === 'comment')
      await this.removal.restoreComment(report.content.post_id, entry.targetUserId!, report.content.text, report.targetId);
    else if (report.content.kind === 'message')
      // The conversation core kept what it took down of the reported member's: each comes back where it was.
      for (const message of report.content.messages.filter((m) => m.sender?.id === entry.targetUserId))
        await this.held.restore({ held_kind: 'message', held_id: message.id });
  }

  /** What the action removed: the report's copy, or for a held item removed from the queue, the item itself. */
  private async contentOf(entry: AuditRow): Promise<ReportedContent | null> {
    const { report_id: reportId } = entry.details;
    if (typeof reportId === 'number') return (await this.reports.findById(reportId))?.content ?? null;
    return this.held.content(entry.details);
  }

  private async present(row: AppealRow, members: Map<number, StaffMember>): Promise<AdminAppeal> {
    const entry = (await this.members.findAuditEntry(row.auditId))!;
    const content = await this.contentOf(entry);
    return {
      ...presentAppeal(row, entry),
      user: presentMember(members.get(row.userId)),
      reason: entry.reason,
      content,
      action_at: entry.createdAt.toISOString(),
      decided_by: row.decidedBy === null ? null : presentMember(members.get(row.decidedBy)),
    };
  }
}

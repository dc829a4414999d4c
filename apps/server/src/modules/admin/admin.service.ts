import { ErrorCode, type AdminAuditAction, type InstanceRole } from '@tribeverse/shared';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertAdmin, assertMaySuspend, noAdminArea, type InstanceRoles, type Staff } from './admin.policy.ts';
import { presentAuditEntry, presentMember, presentSuspension } from './admin.presenter.ts';
import type { AdminRepository, RestrictionKind, StaffMember, SuspensionRow } from './admin.repository.ts';

const NO_MEMBER = 'This member does not exist.';

/** A suspension's or a silence's reason and optional end (ISO 8601). */
interface Restriction {
  reason: string;
  until?: string;
}

/** What a suspension is recorded as in the audit log: on its own, or as the outcome of a report. */
export interface AuditAs {
  action: AdminAuditAction;
  details?: Record<string, unknown>;
}

/**
 * The instance's roles, suspensions and audit log. Every action taken here is written to the audit log with who
 * took it, on whom, and why.
 */
export class AdminService {
  constructor(
    private readonly repo: AdminRepository,
    private readonly roles: InstanceRoles,
    /** Ends every session of a member and closes their sockets (the auth module's). */
    private readonly sessions: { revokeAll(userId: number): Promise<void> },
    /** A token that lets a suspended member appeal, and does nothing else (admin-appeal-token.ts). */
    private readonly appealToken: (userId: number) => string = () => '',
    /** Tells a member they are suspended, and why (by mail: their sessions are over). */
    private readonly tellSuspended: (member: StaffMember, reason: string, until: Date | null) => void = () => {},
  ) {}

  async roleOf(userId: number): Promise<InstanceRole | null> {
    const member = await this.repo.findMember(userId);
    return member ? this.roles.roleOf(member) : null;
  }

  /** The caller's part in running the instance, or the 404 of a path that does not exist. */
  async requireStaff(userId: number): Promise<Staff> {
    const role = await this.roleOf(userId);
    if (!role) throw noAdminArea();
    return { userId, role };
  }

  async moderators() {
    const rows = await this.repo.listModerators();
    return { moderators: rows.map((r) => ({ ...presentMember(r)!, appointed_at: r.appointedAt.toISOString() })) };
  }

  async appointModerator(staff: Staff, userId: number) {
    assertAdmin(staff);
    const member = await this.repo.findMember(userId);
    if (!member) throw notFound(NO_MEMBER);
    if ((await this.roles.roleOf(member)) === 'admin') throw conflict('This member is an admin already.');
    if (await this.repo.appointModerator(userId, staff.userId)) {
      await this.repo.audit({ actorId: staff.userId, action: 'moderator.appoint', targetUserId: userId });
    }
    return this.moderators();
  }

  async dismissModerator(staff: Staff, userId: number) {
    assertAdmin(staff);
    if (!(await this.repo.dismissModerator(userId))) throw notFound('This member is not a moderator.');
    await this.repo.audit({ actorId: staff.userId, action: 'moderator.dismiss', targetUserId: userId });
    return this.moderators();
  }

  /**
   * Suspends the member: every session ends and every socket closes at once, sign-in is refused with the reason, and
   * their profile, posts and comments are hidden, until `until` or until lifted.
   */
  async suspend(staff: Staff, userId: number, input: Restriction, as: AuditAs = { action: 'user.suspend' }) {
    const row = await this.restrict('suspension', staff, userId, input, as);
    await this.sessions.revokeAll(userId);
    const member = await this.repo.findMember(userId);
    if (member) this.tellSuspended(member, input.reason, row.until ? new Date(row.until) : null);
    return row;
  }

  /** Silences the member: their posts reach only their followers, until `until` or until lifted. */
  silence(staff: Staff, userId: number, input: Restriction, as: AuditAs = { action: 'user.silence' }) {
    return this.restrict('silence', staff, userId, input, as);
  }

  private async restrict(kind: RestrictionKind, staff: Staff, userId: number, input: Restriction, as: AuditAs) {
    const member = await this.repo.findMember(userId);
    if (!member) throw notFound(NO_MEMBER);
    assertMaySuspend(staff, { id: userId, role: await this.roles.roleOf(member) }, kind === 'suspension' ? 'suspend' : 'silence');
    const until = input.until ? new Date(input.until) : null;
    if (until && until.getTime() <= Date.now())
      throw badRequest(`The end of a ${kind} must be in the future.`, ErrorCode.VALIDATION_FAILED, 'until');
    const row = await this.repo.suspend({ userId, reason: input.reason, until, imposedBy: staff.userId }, kind);
    await this.repo.audit({
      actorId: staff.userId,
      action: as.action,
      targetUserId: userId,
      reason: input.reason,
      details: { ...as.details, until: until?.toISOString() ?? null },
    });
    return presentSuspension(row);
  }

  /** Who is suspended (or silenced) now, with the reason and end, to lift from the admin area. */
  async restricted(kind: RestrictionKind) {
    const rows = await this.repo.listRestricted(kind);
    return { members: rows.map((r) => ({ user: presentMember(r)!, ...presentSuspension({ ...r, userId: r.id }) })) };
  }

  async lift(staff: Staff, userId: number, kind: RestrictionKind = 'suspension') {
    if (!(await this.repo.findMember(userId))) throw notFound(NO_MEMBER);
    if (!(await this.repo.lift(userId, kind))) throw notFound(`This member is not ${kind === 'suspension' ? 'suspended' : 'silenced'}.`);
    const action = kind === 'suspension' ? 'user.unsuspend' : 'user.unsilence';
    await this.repo.audit({ actorId: staff.userId, action, targetUserId: userId });
    return { message: `The ${kind} is lifted.` };
  }

  /** Written by the reports service for what it does itself (dismissing, removing content). */
  record(
    staff: Staff,
    entry: { action: AdminAuditAction; targetUserId: number | null; reason: string | null; details: Record<string, unknown> },
  ) {
    return this.repo.audit({ actorId: staff.userId, ...entry });
  }

  async auditPage(before: number | undefined, limit: number) {
    const rows = await this.repo.auditPage(before, limit);
    const page = rows.slice(0, limit);
    const members = await this.repo.findMembers(page.flatMap((r) => [r.actorId, r.targetUserId]).filter((id) => id !== null));
    return {
      entries: page.map((r) => presentAuditEntry(r, members)),
      next_cursor: rows.length > limit ? page[page.length - 1]!.id : null,
    };
  }

  /**
   * Sign-in, whichever way it comes, is refused to a suspended account, with the reason it was given. It is checked
   * after the password (or the provider, or the code) proved who is signing in, so the answer carries a token to
   * appeal with: it files one appeal of this suspension and never signs anyone in.
   */
  async assertMaySignIn(userId: number) {
    const suspension = await this.repo.findSuspension(userId);
    if (suspension) throw suspendedError(suspension, this.appealToken(userId));
  }
}

function suspendedError(s: SuspensionRow, appealToken: string) {
  const until = s.until ? ` until ${s.until.toISOString()}` : '';
  return new AppError(403, ErrorCode.ACCOUNT_SUSPENDED, `This account is suspended${until}: ${s.reason}`, undefined, {
    appeal_token: appealToken,
  });
}

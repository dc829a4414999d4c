import type { AppealableAction, InstanceRole } from '@tribeverse/shared';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';

/** Someone with a part in running the instance, as they call the admin area. */
export interface Staff {
  userId: number;
  role: InstanceRole;
}

/** What a role is read from: the account's address and whether it is confirmed. */
export interface Account {
  id: number;
  email: string;
  isConfirmed: boolean;
}

/**
 * Who runs the instance. Admins are named by ADMIN_EMAILS and count only once their address is confirmed (anyone
 * could sign up with an admin's address before its owner does); moderators are appointed by an admin.
 */
export class InstanceRoles {
  private readonly adminEmails: Set<string>;

  constructor(
    adminEmails: string[],
    private readonly moderators: { isModerator(userId: number): Promise<boolean> },
  ) {
    this.adminEmails = new Set(adminEmails.map((e) => e.toLowerCase()));
  }

  async roleOf(account: Account): Promise<InstanceRole | null> {
    if (account.isConfirmed && this.adminEmails.has(account.email.toLowerCase())) return 'admin';
    return (await this.moderators.isModerator(account.id)) ? 'moderator' : null;
  }
}

/**
 * The admin area to anyone without a role: the same 404 as a path that does not exist, so nobody learns it is
 * there, whatever they send.
 */
export const noAdminArea = () => notFound();

/** Appointing moderators (and dismissing them) is for admins. */
export function assertAdmin(staff: Staff) {
  if (staff.role !== 'admin') throw forbidden("Only the instance's admins may do that.");
}

/** Nobody suspends (or silences) themselves, and moderators cannot do either to an admin. */
export function assertMaySuspend(staff: Staff, target: { id: number; role: InstanceRole | null }, verb: 'suspend' | 'silence' = 'suspend') {
  if (target.id === staff.userId) throw badRequest(`You cannot ${verb} your own account.`);
  if (target.role === 'admin' && staff.role !== 'admin') throw forbidden(`Moderators cannot ${verb} an admin.`);
}

/** Members report what others did, not themselves. */
export function assertNotSelf(reporterId: number, reportedUserId: number | null) {
  if (reportedUserId === reporterId) throw badRequest('You cannot report yourself.');
}

/** The actions (audit entries) their member may appeal, once each, and what each is called. */
export const APPEALABLE: Partial<Record<string, AppealableAction>> = {
  'report.remove_content': 'remove_content',
  'held.remove': 'remove_content',
  'report.suspend': 'suspend',
  'user.suspend': 'suspend',
};

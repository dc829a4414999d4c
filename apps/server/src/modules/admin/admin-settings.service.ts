import crypto from 'node:crypto';
import { ErrorCode, type InstanceSettings, type RegisterBody, type UpdateInstanceSettingsBody } from '@tribeverse/shared';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Mail } from '../../lib/mailer.ts';
import { assertAdmin, type Staff } from './admin.policy.ts';
import type { AdminService } from './admin.service.ts';
import type { ProofOfWork } from './admin-proof-of-work.ts';
import type { AdminSettingsRepository, SettingsRow } from './admin-settings.repository.ts';

const INVITE_DAYS = 7;

const present = (row: SettingsRow): InstanceSettings => ({
  registration: row.registration,
  rules: row.rules,
  proof_of_work: row.proofOfWork,
  new_account_hours: row.newAccountHours,
  approval_question: row.approvalQuestion,
});

const closed = (msg: string) => new AppError(403, ErrorCode.REGISTRATION_CLOSED, msg);

const approvedMail = (to: string): Mail => ({
  to,
  subject: 'Your Tribeverse account is ready',
  text: 'An admin let you in: you can sign in to Tribeverse now with the address and password you signed up with.',
});

/**
 * Who may sign up and on what terms: the registration mode, the rules a new member accepts, sign-ups waiting for an
 * admin, and invites. Changing any of it is for admins.
 */
export class AdminSettingsService {
  constructor(
    private readonly repo: AdminSettingsRepository,
    private readonly admin: Pick<AdminService, 'record'>,
    private readonly mail: (mail: Mail) => void,
    private readonly proofOfWork: ProofOfWork,
  ) {}

  async settings(): Promise<InstanceSettings> {
    return present(await this.repo.get());
  }

  async update(staff: Staff, patch: UpdateInstanceSettingsBody) {
    assertAdmin(staff);
    const { proof_of_work: proofOfWork, new_account_hours: newAccountHours, approval_question: question, ...rest } = patch;
    const row = await this.repo.update({
      ...rest,
      ...(proofOfWork === undefined ? {} : { proofOfWork }),
      ...(newAccountHours === undefined ? {} : { newAccountHours }),
      ...(question === undefined ? {} : { approvalQuestion: question || null }),
    });
    await this.admin.record(staff, { action: 'settings.update', targetUserId: null, reason: null, details: { ...patch } });
    return present(row);
  }

  /** A proof-of-work challenge for the sign-up form. */
  challenge() {
    return this.proofOfWork.challenge();
  }

  /** Before an account is made: refused (403) when sign-ups are closed or need an invite it lacks; true when it is to wait. */
  async admit(input: RegisterBody): Promise<boolean> {
    const { registration, rules, proofOfWork, approvalQuestion } = await this.repo.get();
    if (registration === 'closed') throw closed('Sign-ups are closed on this instance.');
    if (registration === 'invite' && !(input.invite && (await this.repo.isUsableInvite(input.invite))))
      throw closed('Sign-ups on this instance need an invite, and this one is missing, used or expired.');
    if (proofOfWork && !(await this.proofOfWork.verify(input.altcha)))
      throw new AppError(400, ErrorCode.CHALLENGE_FAILED, 'The sign-up check did not go through: try again.', 'altcha');
    if (registration === 'approval' && approvalQuestion && !input.approval_answer)
      throw badRequest('Answer the question to sign up.', ErrorCode.VALIDATION_FAILED, 'approval_answer');
    if (rules.length && input.rules_accepted !== true)
      throw badRequest("Read and accept the instance's rules to sign up.", ErrorCode.VALIDATION_FAILED, 'rules_accepted');
    return registration === 'approval';
  }

  /** Google and Apple sign-up cannot carry an invite, wait for approval or tick the rules: only open and rule-less. */
  async admitSocial() {
    const { registration, rules } = await this.repo.get();
    if (registration !== 'open' || rules.length) throw closed('Sign-ups on this instance go through the sign-up form.');
  }

  async admitted(user: { id: number }, input: RegisterBody, waits: boolean) {
    if (input.invite) await this.repo.spendInvite(input.invite, user.id);
    if (waits) await this.repo.addPending(user.id, input.approval_answer || null);
  }

  /** An account still waiting for approval does not sign in. */
  async assertMaySignIn(userId: number) {
    if (await this.repo.isPending(userId))
      throw new AppError(403, ErrorCode.ACCOUNT_PENDING, 'Your account waits for an admin to let you in: we will mail you when they do.');
  }

  async pending(staff: Staff) {
    assertAdmin(staff);
    const rows = await this.repo.listPending();
    return {
      registrations: rows.map((r) => ({ user_id: r.userId, email: r.email, answer: r.answer, created_at: r.createdAt.toISOString() })),
    };
  }

  async approve(staff: Staff, userId: number) {
    assertAdmin(staff);
    const email = await this.repo.removePending(userId);
    if (email === null) throw notFound('This account is not waiting for approval.');
    await this.admin.record(staff, { action: 'registration.approve', targetUserId: userId, reason: null, details: {} });
    this.mail(approvedMail(email));
    return this.pending(staff);
  }

  async createInvite(staff: Staff) {
    assertAdmin(staff);
    const code = crypto.randomBytes(12).toString('base64url');
    const expiresAt = new Date(Date.now() + INVITE_DAYS * 86_400_000);
    await this.repo.createInvite(code, staff.userId, expiresAt);
    await this.admin.record(staff, {
      action: 'invite.create',
      targetUserId: null,
      reason: null,
      details: { expires_at: expiresAt.toISOString() },
    });
    return { code, expires_at: expiresAt.toISOString() };
  }
}

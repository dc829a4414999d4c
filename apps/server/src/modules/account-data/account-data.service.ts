import { SecurityErrorCode, TwoStepErrorCode } from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type { AuthApi } from '../auth/auth.module.ts';
import { ownerProof } from '../auth/auth.service.ts';
import type { AccountDataRepository } from './account-data.repository.ts';
import { presentExport } from './account-data.presenter.ts';

/**
 * What another feature (follows, communities, …) adds: its part of the export, and the erasure of its rows for
 * a deleted member. Features without a part here are covered by AccountDataRepository.
 */
export interface AccountDataPart {
  name: string;
  exportFor?(userId: number): Promise<unknown>;
  /** Erases the feature's rows of a deleted member; returns stored files nobody can reach any more, if any. */
  eraseFor?(userId: number): Promise<string[] | void>;
}

export class AccountDataService {
  constructor(
    private readonly data: AccountDataRepository,
    private readonly media: MediaStorage,
    private readonly log: FastifyBaseLogger,
    private readonly onSessionsEnded: (sessionIds: number[], userId: number) => void,
    /** The auth module's password check: wrong guesses here count toward the sign-in lock. */
    private readonly passwords: AuthApi['passwords'],
    private readonly parts: AccountDataPart[] = [],
  ) {}

  async export(userId: number) {
    const user = await this.data.findUser(userId);
    if (!user || user.deletedAt) throw unauthorized();
    const extra: Record<string, unknown> = {};
    for (const part of this.parts) if (part.exportFor) extra[part.name] = await part.exportFor(userId);
    return presentExport({
      user,
      providers: await this.data.hasSocialSignIn(userId),
      interests: await this.data.interestsOf(userId),
      settings: await this.data.settingsOf(userId),
      posts: await this.data.postsOf(userId),
      comments: await this.data.commentsOf(userId),
      likes: await this.data.likesOf(userId),
      messages: await this.data.messagesSentBy(userId),
      blocks: await this.data.blocksBy(userId),
      pollVotes: await this.data.pollVotesOf(userId),
      push: await this.data.pushPreferencesOf(userId),
      extra,
    });
  }

  /** Only the owner, proven now (auth's ownerProof): a session left open is never enough to delete an account. */
  async delete(userId: number, sessionId: number, password: string | undefined) {
    const user = await this.data.findUser(userId);
    if (!user || user.deletedAt) throw unauthorized();
    const proof = ownerProof(user, user.passwordHash ? null : await this.data.sessionStartedAt(sessionId));
    if (proof === 'password') {
      if (!password) throw badRequest('Enter your password to delete your account.', TwoStepErrorCode.WRONG_PASSWORD, 'password');
      await this.passwords.check(userId, password);
    } else if (proof === 'sign-in-again') {
      throw new AppError(
        403,
        SecurityErrorCode.REAUTH_REQUIRED,
        'Sign in again with Google or Apple, then delete your account within 10 minutes.',
      );
    }
    const files = await this.data.filesOf(userId);
    for (const part of this.parts) files.push(...((await part.eraseFor?.(userId)) ?? []));
    const endedSessions = await this.data.erase(userId, `deleted-${userId}@deleted.invalid`);
    this.onSessionsEnded(endedSessions, userId);
    // After the commit: a file removed before it could not come back if the erasure failed.
    const results = await Promise.allSettled(files.map((url) => this.media.remove(url)));
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed) this.log.warn({ userId, failed }, 'some files of a deleted account could not be removed');
  }
}

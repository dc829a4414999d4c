import crypto from 'node:crypto';
import type { NotificationContent } from '@tribeverse/shared';
import type { Config } from '../../lib/env.ts';
import { secretsKey } from '../../lib/secret-box.ts';
import type { AuthApi } from '../auth/auth.module.ts';
import type { ConversationsService, HeldMessages } from '../conversations/conversations.service.ts';
import type { FeedApi } from '../feed/feed.module.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import type { Notifier } from '../notifications/notifications.module.ts';
import type { ProfileApi } from '../profile/profile.module.ts';
import type { UsersApi } from '../users/users.module.ts';
import { InstanceRoles } from './admin.policy.ts';
import { AdminRepository } from './admin.repository.ts';
import { adminRoutes } from './admin.routes.ts';
import { AdminService } from './admin.service.ts';
import { AdminFiltersService, ContentFilter } from './admin-filters.ts';
import { AdminReportsRepository } from './admin-reports.repository.ts';
import { reportRoutes } from './admin-reports.routes.ts';
import { AdminReportsService, type MessageRemoval } from './admin-reports.service.ts';
import { ProofOfWork } from './admin-proof-of-work.ts';
import { AdminSettingsRepository } from './admin-settings.repository.ts';
import { instanceRoutes } from './admin-settings.routes.ts';
import { AdminSettingsService } from './admin-settings.service.ts';
import { AdminStatsRepository } from './admin-stats.repository.ts';
import { AdminStatsService } from './admin-stats.service.ts';
import { AdminTargetsRepository } from './admin-targets.repository.ts';
import { AppealTokens } from './admin-appeal-token.ts';
import { AdminAppealsRepository } from './admin-appeals.repository.ts';
import { appealRoutes } from './admin-appeals.routes.ts';
import { AdminAppealsService, suspendedMail } from './admin-appeals.service.ts';
import { AdminHeldService } from './admin-held.service.ts';
import { heldPosts } from './admin-held-posts.ts';
import { hasLink, newAccountLinks } from './admin-new-accounts.ts';
import type { Mail } from '../../lib/mailer.ts';

/**
 * Running the instance: its admins (ADMIN_EMAILS) and moderators, reports from every corner of the product,
 * suspensions and the audit log. It tells `me` each member's role and refuses sign-in to suspended accounts.
 */
export function createAdminModule(
  { ctx, app }: ModuleHost,
  deps: { users: UsersApi; auth: AuthApi; feed: FeedApi; notifier: Notifier; conversations: ConversationsService; profile: ProfileApi },
): FeatureModule {
  const repository = new AdminRepository(ctx.db);
  const roles = new InstanceRoles(ctx.config.adminEmails, repository);
  const tokens = new AppealTokens(derivedSecret(ctx.config, 'appeal tokens'));
  const mailInBackground = (mail: Mail) =>
    ctx.mailer.sendInBackground(mail, (err) => app.log.error({ err }, 'admin mail could not be sent'));
  const admin = new AdminService(
    repository,
    roles,
    { revokeAll: (userId) => deps.auth.accounts.revokeAll(userId) },
    tokens.issue,
    (member, reason, until) => mailInBackground(suspendedMail(member.email, reason, until)),
  );
  const tell = (userId: number, content: NotificationContent) => deps.notifier.tell(userId, content);
  const reportsRepository = new AdminReportsRepository(ctx.db);
  const targets = new AdminTargetsRepository(ctx.db);
  // Messages held for review and messages taken down: both kept in the conversation core until released or restored.
  const heldMessages = deps.conversations.heldMessages(ctx.realtime.chat);
  const reports = new AdminReportsService(
    reportsRepository,
    targets,
    repository,
    admin,
    deps.feed.moderation,
    messageRemoval(heldMessages),
    tell,
  );
  const settingsRepository = new AdminSettingsRepository(ctx.db);
  const contentFilter = new ContentFilter(
    () => settingsRepository.getFilters(),
    (err) => app.log.error({ err }, 'content filters could not be read'),
  );
  const filters = new AdminFiltersService(settingsRepository, admin, contentFilter);
  void contentFilter.refresh();
  // A message a 'hold' filter catches waits for review (its sender sees it marked held); a poll's text is refused.
  deps.conversations.useTextCheck(contentFilter.verdict);
  // A post or comment a 'hold' filter catches waits for review.
  deps.feed.moderation.useTextCheck(async (authorId, texts) => {
    const verdict = contentFilter.verdict(...texts);
    if (texts.some(hasLink) && (await settingsRepository.isNewAccount(authorId))) throw newAccountLinks();
    return verdict;
  });
  // A new name or bio a 'hold' filter catches waits for review; the profile module refuses where nothing can wait.
  deps.profile.useTextCheck(contentFilter.verdict);
  const settings = new AdminSettingsService(
    settingsRepository,
    admin,
    (mail) => ctx.mailer.sendInBackground(mail, (err) => app.log.error({ err }, 'approval mail could not be sent')),
    new ProofOfWork(derivedSecret(ctx.config, 'altcha challenges'), (signature, expiresAt) =>
      settingsRepository.spendChallenge(signature, expiresAt),
    ),
  );
  // Each kind a 'hold' filter entry can keep back, from the module that keeps it.
  const held = new AdminHeldService(
    {
      post: heldPosts(targets, deps.feed.moderation),
      comment: deps.feed.heldComments,
      profile: deps.profile.heldProfiles,
      message: heldMessages,
    },
    repository,
    admin,
    tell,
  );
  const appeals = new AdminAppealsService(
    new AdminAppealsRepository(ctx.db),
    repository,
    reportsRepository,
    held,
    admin,
    deps.feed.moderation,
    tokens,
    tell,
    mailInBackground,
  );
  deps.users.useInstanceRoles((user) => roles.roleOf(user));
  deps.auth.checkSignIn((userId) => admin.assertMaySignIn(userId));
  deps.auth.checkSignIn((userId) => settings.assertMaySignIn(userId));
  deps.auth.useSignUpGate(settings);
  return {
    name: 'admin',
    async routes(api) {
      await api.register(reportRoutes, { reports });
      await api.register(appealRoutes, { appeals });
      await api.register(instanceRoutes, { settings });
      const stats = new AdminStatsService(new AdminStatsRepository(ctx.db));
      await api.register(adminRoutes, {
        admin,
        reports,
        settings,
        filters,
        stats,
        appeals,
        held,
        resumeSession: (token) => deps.auth.resumeSession(token),
      });
    },
    api: {},
  };
}

/**
 * A reported message taken down through the conversation core: shown to everyone as removed (every open chat hears of
 * it by its kind's removal event), its text and file kept so an accepted appeal brings it back (admin-appeals).
 */
function messageRemoval(messages: HeldMessages): MessageRemoval {
  return {
    async removeAsModerator(_place, messageId, moderatorId) {
      await messages.takeDown(messageId, moderatorId);
    },
  };
}

/** A key for one use (altcha challenges, appeal tokens), derived from the deployment's secrets key. */
function derivedSecret(config: Config, use: string) {
  const key = secretsKey({ key: config.secretsKey, dataDir: config.dataDir });
  return crypto.createHmac('sha256', key).update(use).digest('hex');
}

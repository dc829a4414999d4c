import crypto from 'node:crypto';
import type { Config } from '../../lib/env.ts';
import { secretsKey } from '../../lib/secret-box.ts';
import type { AuthApi } from '../auth/auth.module.ts';
import type { ConversationsService } from '../conversations/conversations.service.ts';
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
  const admin = new AdminService(repository, roles, { revokeAll: (userId) => deps.auth.accounts.revokeAll(userId) });
  const reports = new AdminReportsService(
    new AdminReportsRepository(ctx.db),
    new AdminTargetsRepository(ctx.db),
    repository,
    admin,
    deps.feed.moderation,
    messageRemoval(deps.conversations),
    (userId, content) => deps.notifier.tell(userId, content),
  );
  const settingsRepository = new AdminSettingsRepository(ctx.db);
  const contentFilter = new ContentFilter(
    () => settingsRepository.getFilters(),
    (err) => app.log.error({ err }, 'content filters could not be read'),
  );
  const filters = new AdminFiltersService(settingsRepository, admin, contentFilter);
  void contentFilter.refresh();
  deps.conversations.useTextCheck(contentFilter.assertAllowed);
  deps.feed.useTextCheck(contentFilter.assertAllowed);
  deps.profile.useTextCheck(contentFilter.assertAllowed);
  const settings = new AdminSettingsService(
    settingsRepository,
    admin,
    (mail) => ctx.mailer.sendInBackground(mail, (err) => app.log.error({ err }, 'approval mail could not be sent')),
    new ProofOfWork(challengeSecret(ctx.config)),
  );
  deps.users.useInstanceRoles((user) => roles.roleOf(user));
  deps.auth.checkSignIn((userId) => admin.assertMaySignIn(userId));
  deps.auth.checkSignIn((userId) => settings.assertMaySignIn(userId));
  deps.auth.useSignUpGate(settings);
  return {
    name: 'admin',
    async routes(api) {
      await api.register(reportRoutes, { reports });
      await api.register(instanceRoutes, { settings });
      const stats = new AdminStatsService(new AdminStatsRepository(ctx.db));
      await api.register(adminRoutes, {
        admin,
        reports,
        settings,
        filters,
        stats,
        resumeSession: (token) => deps.auth.resumeSession(token),
      });
    },
    api: {},
  };
}

/**
 * Removal for everyone through the conversation core, as a group's or channel's moderator removes a message (it shows
 * as removed). A direct chat has no moderator: the core is asked as its receiver would be, who is then recorded as
 * having removed it.
 */
function messageRemoval(conversations: ConversationsService): MessageRemoval {
  return {
    async removeAsModerator(place, messageId, moderatorId) {
      if (place.kind === 'direct') {
        const direct = { kind: 'direct' as const, receiptsVisible: async () => false };
        await conversations.remove(direct, { userId: place.members[1], from: 0 }, messageId, true);
      } else await conversations.remove(place, { userId: moderatorId, from: 0 }, messageId, true);
    },
  };
}

/** The key altcha challenges are signed with: the deployment's secrets key, for this use only. */
function challengeSecret(config: Config) {
  const key = secretsKey({ key: config.secretsKey, dataDir: config.dataDir });
  return crypto.createHmac('sha256', key).update('altcha challenges').digest('hex');
}

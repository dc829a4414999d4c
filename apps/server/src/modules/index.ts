import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { installAccessGuard } from '../http/access-guard.ts';
import { createAdminModule } from './admin/admin.module.ts';
import { createAuthModule } from './auth/auth.module.ts';
import { createAccountDataModule } from './account-data/account-data.module.ts';
import { createChatModule } from './chat/chat.module.ts';
import { createCallsModule } from './calls/calls.module.ts';
import { createCodesModule } from './codes/codes.module.ts';
import { createCommunitiesModule } from './communities/communities.module.ts';
import { createScanModule } from './scan/scan.module.ts';
import { createSearchModule } from './search/search.module.ts';
import { createFeedModule } from './feed/feed.module.ts';
import { createHealthModule } from './health/health.module.ts';
import { createHomeModule } from './home/home.module.ts';
import { createInterestsModule } from './interests/interests.module.ts';
import { createLinkPreviewModule } from './link-preview/link-preview.module.ts';
import { createMediaModule } from './media/media.module.ts';
import { createConversations } from './conversations/conversations.module.ts';
import type { FeatureModule, ModuleHost } from './module.ts';
import { createNotificationsModule } from './notifications/notifications.module.ts';
import { createOidcModule } from './oidc/oidc.module.ts';
import { createPeopleModule } from './people/people.module.ts';
import { createPollsModule } from './polls/polls.module.ts';
import { createProfileModule } from './profile/profile.module.ts';
import { createPushModule } from './push/push.module.ts';
import { createSecurityModule } from './security/security.module.ts';
import { createSettingsModule } from './settings/settings.module.ts';
import { createUsersModule } from './users/users.module.ts';

/**
 * Every feature, in dependency order: each is built from the app's parts and the `api` of the modules it needs,
 * and its routes are served under /api. A new feature adds its line here (docs/adding-a-feature.md).
 */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  const host: ModuleHost = { ctx, app };
  const health = createHealthModule(host);
  const interests = createInterestsModule(host);
  const users = createUsersModule(host, interests.api);
  // Sign-in and sessions; the modules after it extend signing up (codes) and in (security's second step).
  const auth = createAuthModule(host, users.api);
  const codes = createCodesModule(host, { users: users.api, auth: auth.api });
  const security = createSecurityModule(host, { users: users.api, auth: auth.api, codes: codes.api });
  const oidc = createOidcModule(host, { users: users.api, auth: auth.api });
  const profile = createProfileModule(host, { users: users.api, security: security.api });
  const home = createHomeModule(host);
  const settings = createSettingsModule(host);
  const notifications = createNotificationsModule(host);
  const feed = createFeedModule(host, notifications.api);
  // The conversation core: one store and send path for direct chats, groups and channels, served by chat and communities.
  const sent = { direct: 'private', group: 'group', channel: 'community' } as const;
  const conversations = createConversations(ctx.db, ctx.media, (kind) => ctx.metrics.messagesSent[sent[kind]]());
  const chat = createChatModule(host, { auth: auth.api, settings: settings.api.settings, conversations });
  const communities = createCommunitiesModule(host, {
    auth: auth.api,
    users: users.api,
    presence: chat.api.presence,
    forwarding: chat.api.forwarding,
    interests: interests.api.interests,
    notifier: notifications.api.notifier,
    conversations,
  });

  const media = createMediaModule(host, {
    auth: auth.api,
    chat: chat.api.files,
    groups: chat.api.groupFiles,
    communities: communities.api.files,
  });

  const scan = createScanModule(host, {
    presentCommunities: (viewerId, rows) => communities.api.communities.present(viewerId, rows),
  });

  const search = createSearchModule(host, {
    presentCommunities: (viewerId, rows) => communities.api.communities.present(viewerId, rows),
  });

  const people = createPeopleModule(host, {
    auth: auth.api,
    settings: settings.api.settings,
    notifier: notifications.api.notifier,
    chat: chat.api,
    interests: interests.api.interests,
  });
  const accountData = createAccountDataModule(host, {
    auth: auth.api,
    parts: [
      people.api.accountData,
      people.api.mutesData,
      chat.api.groupsData,
      communities.api.accountData,
      scan.api.accountData,
      profile.api.accountData,
    ],
  });

  // Polls on group and channel messages (sent through the conversation core) and on posts.
  const polls = createPollsModule(host, { conversations });
  // One-to-one calls in direct chats: chat's rule of who may message whom, and its lines.
  const calls = createCallsModule(host, { auth: auth.api, chat: chat.api });
  const push = createPushModule(host);
  const linkPreview = createLinkPreviewModule(host);
  const admin = createAdminModule(host, {
    users: users.api,
    auth: auth.api,
    feed: feed.api,
    notifier: notifications.api.notifier,
    conversations,
    profile: profile.api,
  });

  const modules: FeatureModule[] = [
    health,
    interests,
    users,
    auth,
    codes,
    security,
    oidc,
    profile,
    home,
    settings,
    notifications,
    feed,
    chat,
    calls,
    communities,
    media,
    scan,
    search,
    people,
    accountData,
    polls,
    push,
    linkPreview,
    admin,
  ];
  await app.register(
    async (api) => {
      installAccessGuard(api, auth.api.guards);
      for (const module of modules) if (module.routes) await api.register(module.routes);
    },
    { prefix: '/api' },
  );
  for (const module of modules) if (module.rootRoutes) await app.register(module.rootRoutes);
  return { auth: auth.api, media: media.api };
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { createAccountModule } from './auth/account.module.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { confirmAccountRoutes } from './auth/confirm-account.routes.ts';
import { passwordResetRoutes } from './auth/password-reset.routes.ts';
import { oidcRoutes } from './auth/oidc.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { homeRoutes } from './home/home.routes.ts';
import { interestsRoutes } from './interests/interests.routes.ts';
import { createNotificationsService } from './notifications/notifications.module.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { createChatModule } from './chat/chat.module.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { feedRoutes } from './feed/feed.routes.ts';

/** Every feature's routes under /api. A feature adds one line here. */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  const account = createAccountModule(ctx, app.log);
  const chat = createChatModule(ctx, app, account.profileGate);
  const notifications = createNotificationsService(ctx);
  // A notification is a side effect of an action that already happened: its failure is logged, never the action's.
  const notifier = {
    notify: (userId: number, kind: string, payload: Record<string, unknown>, options?: { once?: Record<string, unknown> }) =>
      (options?.once ? notifications.notifyOnce(userId, kind, payload, options.once) : notifications.notify(userId, kind, payload)).then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error, kind }, 'could not record a notification'),
      ),
  };
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(authRoutes, { account });
      await api.register(confirmAccountRoutes, { account });
      await api.register(passwordResetRoutes, { account });
      await api.register(oidcRoutes, { ctx, account });
      await api.register(profileRoutes, { ctx, account });
      await api.register(interestsRoutes, { account });
      await api.register(homeRoutes, { ctx });
      await api.register(notificationsRoutes, { account, service: notifications });
      await api.register(feedRoutes, { ctx, account, notifier });
      await api.register(chatRoutes, { account, chat: chat.service });
      await api.register(settingsRoutes, { account, settings: chat.settings });
    },
    { prefix: '/api' },
  );
  return account;
}

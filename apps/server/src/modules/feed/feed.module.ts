import type { FeatureModule, ModuleHost } from '../module.ts';
import type { Notifier } from '../notifications/notifications.module.ts';
import { FeedRepository } from './feed.repository.ts';
import { feedRoutes } from './feed.routes.ts';
import { FeedService } from './feed.service.ts';
import { FeedPolicy } from './feed.policy.ts';

/** Posts, likes, comments and shares, live for every viewer. */
export function createFeedModule({ ctx }: ModuleHost, deps: { notifier: Notifier }): FeatureModule {
  const repository = new FeedRepository(ctx.db);
  const feed = new FeedService(repository, ctx.media, ctx.realtime.chat, deps.notifier, new FeedPolicy(repository));
  return { name: 'feed', routes: (api) => feedRoutes(api, { feed }), api: {} };
}

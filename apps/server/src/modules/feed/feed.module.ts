import type { FeatureModule, ModuleHost } from '../module.ts';
import type { NotificationsApi } from '../notifications/notifications.module.ts';
import { FeedPreviewsRepository } from './feed-previews.repository.ts';
import { feedPreviews } from './feed-previews.ts';
import { FeedRepository } from './feed.repository.ts';
import { feedRoutes } from './feed.routes.ts';
import { FeedService } from './feed.service.ts';
import type { FeedModerationService } from './feed-moderation.service.ts';
import type { FeedHeldComments } from './feed-held-comments.ts';
import { FeedPolicy } from './feed.policy.ts';

export interface FeedApi {
  /**
   * What the instance's moderators remove when they uphold a report (and bring back on appeal), and the check posts
   * and comments pass before they are stored (the instance's filters and new accounts' limits).
   */
  moderation: FeedModerationService;
  /** Comments a 'hold' filter entry kept back, for the held-for-review queue. */
  heldComments: FeedHeldComments;
}

/** Posts, likes, comments and shares, live for every viewer. */
export function createFeedModule(
  { ctx, app }: ModuleHost,
  deps: Pick<NotificationsApi, 'notifier'> & Partial<NotificationsApi>,
): FeatureModule<FeedApi> {
  const repository = new FeedRepository(ctx.db, ctx.notices);
  // Every write request this process answers (a post, a like, a follow, a new name…) drops its kept feed pages
  // before the answer leaves, so the member's next page shows it; other processes hear of it from the database.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') repository.pages.changed();
    done(null, payload);
  });
  const previews = new FeedPreviewsRepository(ctx.db);
  deps.usePreviews?.((wanted) => feedPreviews(previews, wanted));
  const feed = new FeedService(repository, ctx.media, ctx.realtime.chat, {
    notifier: deps.notifier,
    policy: new FeedPolicy(repository),
  });
  return {
    name: 'feed',
    routes: (api) => feedRoutes(api, { feed }),
    api: { moderation: feed.moderation, heldComments: feed.heldComments },
  };
}

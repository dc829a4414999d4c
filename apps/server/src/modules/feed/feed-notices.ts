import { extractMentions, type NotificationContent, type NotificationKind } from '@tribeverse/shared';
import type { Notifier } from '../notifications/notifications.module.ts';
import type { FeedRepository } from './feed.repository.ts';
import type { FeedPolicy } from './feed.policy.ts';

type FeedNotificationKind = Extract<NotificationKind, 'like' | 'comment' | 'share' | 'mention'>;

/** Who hears of what happens in the feed: authors of likes, comments and shares, members of their @mentions. */
export class FeedNotices {
  constructor(
    private readonly repo: Pick<FeedRepository, 'findActor' | 'findIdsByUsernames'>,
    private readonly notifier: Notifier | undefined,
    private readonly policy: FeedPolicy,
  ) {}

  /**
   * Notifies each recipient except the actor (nobody is told about their own doing) and anyone on the other side
   * of a block. `once`: a member is told of this actor doing this (kind and details) a single time, so undoing and
   * redoing a like or share is not news.
   */
  async tell(actorId: number, recipients: Iterable<number>, kind: FeedNotificationKind, details: Record<string, unknown>, once = false) {
    if (!this.notifier) return;
    const targets = await this.policy.recipients(actorId, recipients);
    if (!targets.length) return;
    const actor = await this.repo.findActor(actorId);
    const payload = { actor_id: actorId, username: actor?.username ?? null, name: actor?.name ?? null, ...details };
    const options = once ? { once: { actor_id: actorId, ...details } } : undefined;
    // Each kind's payload is checked where the notification is shown; here the details come from the call sites.
    const content = { kind, payload } as NotificationContent;
    for (const userId of targets) await this.notifier.tell(userId, content, options);
  }

  async mentioned(text: string) {
    return this.repo.findIdsByUsernames(extractMentions(text));
  }
}

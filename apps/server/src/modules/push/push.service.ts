import {
  PushErrorCode,
  type PushKind,
  type PushMessage,
  type PushPreferences,
  type PushSubscriptionBody,
  type UpdatePushPreferencesBody,
} from '@tribeverse/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import { checkEndpoint, EndpointRefused } from './push-endpoint.ts';
import type { PushSender } from './push-sender.ts';
import type { PreferencesRow, PushRepository, PushTarget } from './push.repository.ts';

/** How many devices (subscriptions) one member may have: a new one past it replaces their oldest. */
export const SUBSCRIPTIONS_PER_MEMBER = 10;

const defaults = (userId: number): PreferencesRow => ({
  userId,
  previews: true,
  messages: true,
  mentions: true,
  follows: true,
  likes: true,
  communities: true,
  missedMail: true,
});

const present = (row: PreferencesRow): PushPreferences => ({
  previews: row.previews,
  kinds: { messages: row.messages, mentions: row.mentions, follows: row.follows, likes: row.likes, communities: row.communities },
  mail: { missed_messages: row.missedMail },
});

/** Whether any of the member's sockets is connected, on any process of the deployment. */
export type Connected = (userId: number) => Promise<boolean>;

/** Subscriptions, push settings, and the one rule of whether and what a member is pushed. */
export class PushService {
  constructor(
    private readonly repository: PushRepository,
    private readonly sender: PushSender,
    private readonly connected: Connected,
    /** Whether the member has a socket on this process: known at once, without asking the others. */
    private readonly connectedHere: (userId: number) => boolean,
    private readonly options: { publicKey: string; allowPrivateEndpoints: boolean },
  ) {}

  key() {
    return { public_key: this.options.publicKey };
  }

  async subscribe(identity: { userId: number; sessionId: number }, body: PushSubscriptionBody) {
    try {
      await checkEndpoint(body.endpoint, this.options.allowPrivateEndpoints);
    } catch (error) {
      if (!(error instanceof EndpointRefused)) throw error;
      throw badRequest(`This push endpoint cannot be used: it ${error.message}.`, PushErrorCode.ENDPOINT_REFUSED, 'endpoint');
    }
    const id = await this.repository.subscribe(
      { ...identity, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
      SUBSCRIPTIONS_PER_MEMBER,
    );
    return { id };
  }

  async unsubscribe(userId: number, id: number) {
    if (!(await this.repository.deleteOwn(userId, id))) throw notFound('Push subscription not found.');
  }

  async preferences(userId: number): Promise<PushPreferences> {
    return present((await this.repository.preferences(userId)) ?? defaults(userId));
  }

  async updatePreferences(userId: number, change: UpdatePushPreferencesBody): Promise<PushPreferences> {
    const current = (await this.repository.preferences(userId)) ?? defaults(userId);
    return present(
      await this.repository.savePreferences({
        ...current,
        ...change.kinds,
        ...(change.previews === undefined ? {} : { previews: change.previews }),
        ...(change.mail?.missed_messages === undefined ? {} : { missedMail: change.mail.missed_messages }),
      }),
    );
  }

  /**
   * The member's devices when a push to them could go out at all, null otherwise. Asked first, before anything about
   * what is pushed is looked up, so that the hot case (the member has a tab open on this process, or no device) costs
   * no query beyond the one for their devices: every chat message passes through here.
   */
  async reachable(userId: number): Promise<PushTarget[] | null> {
    if (this.connectedHere(userId)) return null;
    const targets = await this.repository.targetsOf(userId);
    return targets.length ? targets : null;
  }

  /**
   * Pushes `message` to every device of the member, unless they have none, switched this kind off, or have a socket
   * connected anywhere (an open tab tells them itself). `body` is dropped when they turned previews off.
   * `targets`: what `reachable` answered, when the caller asked it first.
   */
  async tell(userId: number, kind: PushKind, message: PushMessage, urgency: 'high' | 'normal' = 'normal', targets?: PushTarget[]) {
    const devices = targets ?? (await this.reachable(userId));
    if (!devices) return;
    const preferences = (await this.repository.preferences(userId)) ?? defaults(userId);
    if (!preferences[kind]) return;
    if (await this.connected(userId)) return;
    const { body, ...rest } = message;
    const sent: PushMessage = preferences.previews && body ? { ...rest, body } : rest;
    for (const target of devices) this.sender.send(target, sent, urgency);
  }

  /** A subscription the push service no longer knows. */
  forget(subscriptionId: number) {
    return this.repository.delete(subscriptionId);
  }
}

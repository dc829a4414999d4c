import type { Presence } from '../../realtime/presence.ts';
import type { SettingsRow, SettingsService } from '../settings/settings.service.ts';
import type { ChatEvents } from './chat.events.ts';
import type { ChatPeopleRepository } from './chat.people.repository.ts';
import type { ChatRepository } from './chat.repository.ts';

export interface PresenceView {
  online: boolean;
  lastSeen: Date | null;
}

/** Online state and last seen as others may see them: 'nobody' hides both from everyone, 'followers' from people who do not follow. */
export class PresenceTracker {
  private closing = false;
  /** Of `ownerIds`, those the viewer follows; people fills this in (until then nobody counts as a follower). */
  private followedBy: (viewerId: number, ownerIds: number[]) => Promise<Set<number>> = async () => new Set();
  /** Of `candidateIds`, those who follow the owner. */
  private followersOf: (ownerId: number, candidateIds: number[]) => Promise<Set<number>> = async () => new Set();
  constructor(
    private readonly presence: Presence,
    private readonly messages: ChatRepository,
    private readonly repo: ChatPeopleRepository,
    private readonly settings: SettingsService,
    private readonly events: ChatEvents,
  ) {}

  useFollows(ports: {
    followedBy: (viewerId: number, ownerIds: number[]) => Promise<Set<number>>;
    followersOf: (ownerId: number, candidateIds: number[]) => Promise<Set<number>>;
  }) {
    this.followedBy = ports.followedBy;
    this.followersOf = ports.followersOf;
  }

  /** The members' presence as `viewerId` may see it. */
  async viewOf(userIds: number[], viewerId: number): Promise<Map<number, PresenceView>> {
    const [settings, lastSeen, onlineIds, followed] = await Promise.all([
      this.settings.getForUsers(userIds),
      this.repo.findLastSeen(userIds),
      this.presence.onlineAmong(userIds),
      this.followedBy(viewerId, userIds),
    ]);
    const views = new Map<number, PresenceView>();
    for (const id of userIds) {
      const audience = settings.get(id)?.lastSeenVisibility;
      const hidden = id !== viewerId && (audience === 'nobody' || (audience === 'followers' && !followed.has(id)));
      const online = onlineIds.has(id);
      views.set(id, hidden ? { online: false, lastSeen: null } : { online, lastSeen: online ? null : (lastSeen.get(id) ?? null) });
    }
    return views;
  }

  /** The member's presence as they see it themselves (nothing hidden). */
  private async ownView(userId: number): Promise<PresenceView> {
    if ((await this.presence.onlineAmong([userId])).has(userId)) return { online: true, lastSeen: null };
    return { online: false, lastSeen: (await this.repo.findLastSeen([userId])).get(userId) ?? null };
  }

  /** On shutdown every socket goes at once: record last seen for everyone still online here, and tell nobody (the server is going away). */
  async shutdown() {
    this.closing = true;
    await this.repo.setLastSeenMany(this.presence.localUserIds(), new Date());
  }

  /**
   * A first socket here announces the member online; if another process already had them, the repeat is harmless.
   * With last seen 'nobody', coming and going is nobody's business: not even an event (always 'offline') may go out
   * at those moments, or its timing alone would tell when the member connects. Changing the setting still tells.
   */
  async connected(userId: number) {
    if (!this.presence.connect(userId)) return;
    const settings = await this.settings.get(userId);
    if (settings.lastSeenVisibility !== 'nobody') await this.broadcast(userId, { settings, view: { online: true, lastSeen: null } });
  }

  /** Offline (last seen recorded, people told) only once the member has no socket left on any process. */
  async disconnected(userId: number) {
    if (!this.presence.disconnect(userId) || this.closing) return;
    if ((await this.presence.onlineAmong([userId])).has(userId)) return;
    const at = new Date();
    await this.repo.setLastSeen(userId, at);
    const settings = await this.settings.get(userId);
    if (settings.lastSeenVisibility !== 'nobody') await this.broadcast(userId, { settings, view: { online: false, lastSeen: at } });
  }

  /** Tells the people who have a conversation with this member, and those with their chat open (no block between them). */
  async broadcast(userId: number, known?: { settings: SettingsRow; view: PresenceView }) {
    if (this.closing) return;
    const [{ partners, blocked }, settings, visible] = await Promise.all([
      this.messages.findPresenceAudience(userId),
      known?.settings ?? this.settings.get(userId),
      known?.view ?? this.ownView(userId),
    ]);
    const shown = { user_id: userId, online: visible.online, last_seen: visible.lastSeen?.toISOString() ?? null };
    const hidden = { user_id: userId, online: false, last_seen: null };
    if (settings.lastSeenVisibility !== 'followers') {
      this.events.presence(settings.lastSeenVisibility === 'nobody' ? hidden : shown, partners, [...blocked]);
      return;
    }
    // Followers only: each listener gets the payload meant for them, so the people (partners, and sockets with this chat open) are named one by one.
    const watchers = await this.events.watcherIds(userId);
    const audience = [...new Set([...partners, ...watchers])].filter((id) => id !== userId && !blocked.has(id));
    const followers = await this.followersOf(userId, audience);
    this.events.presenceTo([...followers], shown);
    this.events.presenceTo(
      audience.filter((id) => !followers.has(id)),
      hidden,
    );
  }
}

import type { Presence } from '../../realtime/presence.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { ChatEvents } from './chat.events.ts';
import type { ChatPeopleRepository } from './chat.people.repository.ts';
import type { ChatRepository } from './chat.repository.ts';

export interface PresenceView {
  online: boolean;
  lastSeen: Date | null;
}

/** Online state and last seen as others may see them: 'nobody' hides both. */
export class PresenceTracker {
  private closing = false;
  constructor(
    private readonly presence: Presence,
    private readonly messages: ChatRepository,
    private readonly repo: ChatPeopleRepository,
    private readonly settings: SettingsRepository,
    private readonly events: ChatEvents,
  ) {}

  async viewOf(userIds: number[]): Promise<Map<number, PresenceView>> {
    const [settings, lastSeen, onlineIds] = await Promise.all([
      this.settings.findForUsers(userIds),
      this.repo.findLastSeen(userIds),
      this.presence.onlineAmong(userIds),
    ]);
    const views = new Map<number, PresenceView>();
    for (const id of userIds) {
      const hidden = settings.get(id)?.lastSeenVisibility === 'nobody';
      const online = onlineIds.has(id);
      views.set(id, hidden ? { online: false, lastSeen: null } : { online, lastSeen: online ? null : (lastSeen.get(id) ?? null) });
    }
    return views;
  }

  /** On shutdown every socket goes at once: record last seen for everyone still online here, and tell nobody (the server is going away). */
  async shutdown() {
    this.closing = true;
    await this.repo.setLastSeenMany(this.presence.localUserIds(), new Date());
  }

  /** A first socket here announces the member online; if another process already had them, the repeat is harmless. */
  async connected(userId: number) {
    if (this.presence.connect(userId)) await this.broadcast(userId);
  }

  /** Offline (last seen recorded, people told) only once the member has no socket left on any process. */
  async disconnected(userId: number) {
    if (!this.presence.disconnect(userId) || this.closing) return;
    if ((await this.presence.onlineAmong([userId])).has(userId)) return;
    await this.repo.setLastSeen(userId, new Date());
    await this.broadcast(userId);
  }

  /** Tells the people who have a conversation with this member, and those with their chat open (no block between them). */
  async broadcast(userId: number) {
    if (this.closing) return;
    const [partners, blocked, view] = await Promise.all([
      this.messages.findPartnerIds(userId),
      this.repo.findBlockedEitherWayIds(userId),
      this.viewOf([userId]),
    ]);
    const { online, lastSeen } = view.get(userId)!;
    this.events.presence({ user_id: userId, online, last_seen: lastSeen?.toISOString() ?? null }, partners, [...blocked]);
  }
}

import crypto from 'node:crypto';
import type { Presence } from '../../realtime/presence.ts';
import type { ChatEvents } from './chat.events.ts';
import type { ChatPeopleRepository } from './chat-people.repository.ts';
import { GroupCommit } from '../../lib/group-commit.ts';
import type { PresenceAudience, PresenceAudiencesRepository, PresenceProcessesRepository } from './chat-presence.repository.ts';
import type { LastSeenAudience, PresenceVisibility } from './chat-presence.policy.ts';

export interface PresenceView {
  online: boolean;
  lastSeen: Date | null;
}

/**
 * Online state and last seen as others may see them (the rule is `presenceVisibleTo`): 'nobody' hides both from
 * everyone, 'followers' from people who do not follow.
 */
export class PresenceTracker {
  private closing = false;
  /** Members gone from this process whose last seen is not written yet, and when they left. */
  private readonly leaving = new Map<number, Date>();
  /**
   * Departures are written together (group commit: those that come while one batch is written go in the next): when
   * a network drops or a process restarts, thousands of members leave at once, and one statement records them where
   * one each would queue on the database for seconds (and be cut off by a shutdown). Each departure is answered with
   * when the member left, or null if they are still online or the server is stopping.
   */
  private readonly departures = new GroupCommit<number, Date | null>((userIds) => this.recordDepartures(userIds));
  private readonly arrivals = new GroupCommit<number, void>((userIds) => this.announceArrivals(userIds));
  constructor(
    private readonly presence: Presence,
    private readonly audiences: PresenceAudiencesRepository,
    private readonly repo: ChatPeopleRepository,
    private readonly visibility: PresenceVisibility,
    private readonly events: ChatEvents,
    private readonly processes: PresenceProcessesRepository,
  ) {}

  /** This process, in the beats every process records (see `beat`). */
  private readonly processId = crypto.randomUUID();
  private beating: Promise<void> = Promise.resolve();

  /** The members' presence as `viewerId` may see it. */
  async viewOf(userIds: number[], viewerId: number): Promise<Map<number, PresenceView>> {
    const [visible, lastSeen, onlineIds] = await Promise.all([
      this.visibility.visibleAmong(viewerId, userIds),
      this.repo.findLastSeen(userIds),
      this.presence.onlineAmong(userIds),
    ]);
    const views = new Map<number, PresenceView>();
    for (const id of userIds) {
      const online = onlineIds.has(id);
      views.set(
        id,
        !visible.has(id) ? { online: false, lastSeen: null } : { online, lastSeen: online ? null : (lastSeen.get(id) ?? null) },
      );
    }
    return views;
  }

  /** The member's presence as they see it themselves (nothing hidden). */
  private async ownView(userId: number): Promise<PresenceView> {
    if ((await this.presence.onlineAmong([userId])).has(userId)) return { online: true, lastSeen: null };
    return { online: false, lastSeen: (await this.repo.findLastSeen([userId])).get(userId) ?? null };
  }

  /**
   * On shutdown every socket goes at once: record last seen for everyone still here and everyone whose departure is
   * not written yet, in one statement, and tell nobody (the server is going away). Departures under way stop at
   * their next step: nothing of theirs runs on a database being closed.
   */
  async shutdown() {
    this.closing = true;
    const at = new Date();
    const seen = new Map(this.leaving);
    for (const userId of this.presence.localUserIds()) seen.set(userId, at);
    await this.repo.setLastSeen(seen);
    // A beat under way would record this process again after it is forgotten.
    await this.beating;
    await this.processes.forget(this.processId);
  }

  /**
   * Records who is connected here. A process killed or crashed gets no shutdown: its beat, left to age, is how the
   * others find out (takeOverSilent), so its members do not stay 'online' with nobody to say when they left.
   */
  async beat() {
    if (this.closing) return;
    const beat = this.processes.beat(this.processId, this.presence.localUserIds());
    this.beating = beat.catch(() => {});
    await beat;
  }

  /**
   * The members of processes silent for `seconds` go offline as of the last beat: last seen written (unless they
   * were seen later elsewhere), the people they talk with told; members connected again meanwhile stay online.
   */
  async takeOverSilent(seconds: number) {
    if (this.closing) return;
    for (const { processId, beatAt, memberIds } of await this.processes.findSilent(seconds)) {
      const online = await this.presence.onlineAmong(memberIds);
      const gone = memberIds.filter((id) => !online.has(id));
      // Written before the beat is taken away: a crash in between leaves the beat to the next look, which writes it
      // again (last seen only moves forward), and whoever finds the beat gone finds its members' last seen written.
      await this.repo.setLastSeen(new Map(gone.map((id) => [id, beatAt])));
      // Only the process that takes the beat away tells, when several look at once.
      if (!(await this.processes.claimSilent(processId, seconds)) || !gone.length) continue;
      const [lastSeen, sight] = await Promise.all([this.repo.findLastSeen(gone), this.visibility.among(gone, [])]);
      const told = gone.filter((id) => sight.audienceOf(id) !== 'nobody');
      // Everyone's audience in one query, not one each: a process may have had thousands.
      const audiences = await this.audiences.find(told);
      for (const userId of told) {
        const view = { online: false, lastSeen: lastSeen.get(userId) ?? beatAt };
        await this.broadcast(userId, { lastSeen: sight.audienceOf(userId), view, audience: audiences.get(userId)! });
      }
    }
  }

  /**
   * A first socket here announces the member online; if another process already had them, the repeat is harmless.
   * Coming and going is told only to those who may see it: with last seen 'nobody' not even an event (always
   * 'offline') may go out at those moments, or its timing alone would tell when the member connects; with
   * 'followers', people who do not follow get nothing either. Changing the setting still tells (see `broadcast`).
   */
  async connected(userId: number) {
    if (!this.presence.connect(userId)) return;
    await this.arrivals.submit(userId);
  }

  /**
   * Arrivals are told together: after a restart every member reconnects within seconds, and one statement (their
   * settings and their audiences) serves a crowd where two each would queue on the pool. One gone again meanwhile is
   * skipped: their departure tells.
   */
  private async announceArrivals(userIds: number[]): Promise<void[]> {
    const here = [...new Set(userIds)].filter((id) => this.presence.isHere(id));
    if (!here.length) return userIds.map(() => undefined);
    const { audiences, settings } = await this.audiences.findWithSettings(here);
    const view = { online: true, lastSeen: null };
    for (const userId of here) {
      const lastSeen = settings.get(userId)!;
      if (lastSeen !== 'nobody') await this.broadcast(userId, { lastSeen, view, audience: audiences.get(userId)! });
    }
    return userIds.map(() => undefined);
  }

  /** Offline (last seen recorded, people told) only once the member has no socket left on any process. */
  async disconnected(userId: number) {
    if (!this.presence.disconnect(userId) || this.closing) return;
    this.leaving.set(userId, new Date());
    const at = await this.departures.submit(userId);
    // Back meanwhile (here, or elsewhere when the departure was checked), or the server is stopping.
    if (!at || this.closing || this.presence.isHere(userId)) return;
    const lastSeen = (await this.visibility.among([userId], [])).audienceOf(userId);
    if (lastSeen !== 'nobody') await this.broadcast(userId, { lastSeen, view: { online: false, lastSeen: at } });
  }

  private async recordDepartures(userIds: number[]): Promise<Array<Date | null>> {
    const taken = new Map(userIds.map((id) => [id, this.leaving.get(id)!]));
    if (this.closing) return userIds.map(() => null);
    const online = await this.presence.onlineAmong([...taken.keys()]);
    const offline = new Map([...taken].filter(([userId]) => !online.has(userId)));
    if (this.closing) return userIds.map(() => null);
    await this.repo.setLastSeen(offline);
    // A member who left again meanwhile stays for the next batch, with the later time.
    for (const [userId, at] of taken) if (this.leaving.get(userId) === at) this.leaving.delete(userId);
    return userIds.map((id) => offline.get(id) ?? null);
  }

  /**
   * Tells the people who have a conversation with this member, and those with their chat open (no block between
   * them), what each may see. `known` is a presence moment (a connect or a departure): it goes only to those who may
   * see the member, nothing to the rest, whose silence is then the same whatever the member does. Without it, who
   * may see changed (the setting, a follow): those who no longer may are told 'offline' so their view clears.
   */
  async broadcast(userId: number, known?: { lastSeen: LastSeenAudience; view: PresenceView; audience?: PresenceAudience }) {
    if (this.closing) return;
    const [{ partners, blocked }, lastSeen, visible] = await Promise.all([
      known?.audience ?? this.audiences.find([userId]).then((audiences) => audiences.get(userId)!),
      known?.lastSeen ?? this.visibility.among([userId], []).then((sight) => sight.audienceOf(userId)),
      known?.view ?? this.ownView(userId),
    ]);
    const shown = { user_id: userId, online: visible.online, last_seen: visible.lastSeen?.toISOString() ?? null };
    const hidden = { user_id: userId, online: false, last_seen: null };
    if (lastSeen === 'everyone') return this.events.presence(shown, partners, [...blocked]);
    if (lastSeen === 'nobody') {
      if (!known) this.events.presence(hidden, partners, [...blocked]);
      return;
    }
    // Followers only: each listener gets the payload meant for them, so the people (partners, and sockets with this chat open) are named one by one.
    const watchers = await this.events.watcherIds(userId);
    const audience = [...new Set([...partners, ...watchers])].filter((id) => id !== userId && !blocked.has(id));
    const sight = await this.visibility.among([userId], audience);
    const maySee = new Set(audience.filter((id) => sight.visibleTo(id, userId)));
    this.events.presenceTo([...maySee], shown);
    if (!known)
      this.events.presenceTo(
        audience.filter((id) => !maySee.has(id)),
        hidden,
      );
  }
}

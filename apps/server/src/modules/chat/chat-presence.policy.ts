import type { LastSeenAudience, PresenceVisibilityRepository, RestrictedPresence } from './chat-presence.repository.ts';

export type { LastSeenAudience };

/**
 * The one rule for presence, wherever it shows (private chat, communities' members and online views, counts, avatars,
 * live events): whether `viewerId` may see that `memberId` is online and when they were last seen. The member's
 * last seen/online setting decides; they always see themself.
 */
export function presenceVisibleTo(viewerId: number, memberId: number, audience: LastSeenAudience, viewerFollows: boolean): boolean {
  if (viewerId === memberId) return true;
  if (audience === 'everyone') return true;
  return audience === 'followers' && viewerFollows;
}

/**
 * The rule applied to a set of members and a set of viewers, from one read. Most members show their presence to
 * everyone and are only counted; per-viewer work is spent only on the few who do not.
 */
export class PresenceSight {
  constructor(private readonly restricted: Map<number, RestrictedPresence>) {}

  audienceOf(memberId: number): LastSeenAudience {
    return this.restricted.get(memberId)?.audience ?? 'everyone';
  }

  /** Whether everyone may see the member (the part of a view that is the same for every viewer). */
  isPublic(memberId: number): boolean {
    return !this.restricted.has(memberId);
  }

  /** `viewerId` must be one of the viewers this sight was read for (anyone else counts as not following). */
  visibleTo(viewerId: number, memberId: number): boolean {
    const entry = this.restricted.get(memberId);
    return presenceVisibleTo(viewerId, memberId, entry?.audience ?? 'everyone', entry?.followers.has(viewerId) ?? false);
  }

  /**
   * Who of the viewers may see a member who is not public: themself and, for 'followers', their followers. Null for a
   * public member (every viewer may). Costs the member's followers, not the viewers.
   */
  viewersOf(memberId: number): number[] | null {
    const entry = this.restricted.get(memberId);
    if (!entry) return null;
    return [memberId, ...entry.followers].filter((viewerId) => this.visibleTo(viewerId, memberId));
  }

  /** For each viewer, the members of `memberIds` who are not public but whom this viewer may see (viewers absent see only the public ones). */
  privateSightings(memberIds: number[]): Map<number, number[]> {
    const byViewer = new Map<number, number[]>();
    for (const memberId of memberIds)
      for (const viewerId of this.viewersOf(memberId) ?? []) byViewer.set(viewerId, [...(byViewer.get(viewerId) ?? []), memberId]);
    return byViewer;
  }
}

type AudienceListener = (userId: number) => void | Promise<void>;

/** Reads what the presence rule needs, for chat and communities alike. */
export class PresenceVisibility {
  private readonly listeners: AudienceListener[] = [];
  constructor(private readonly repo: PresenceVisibilityRepository) {}

  /** The rule for these members as these viewers may see them: one query however many of each. */
  async among(memberIds: number[], viewerIds: number[]): Promise<PresenceSight> {
    return new PresenceSight(await this.repo.findRestricted(memberIds, viewerIds));
  }

  /** Of `memberIds`, those whose presence `viewerId` may see. */
  async visibleAmong(viewerId: number, memberIds: number[]): Promise<Set<number>> {
    const sight = await this.among(memberIds, [viewerId]);
    return new Set(memberIds.filter((id) => sight.visibleTo(viewerId, id)));
  }

  /** Features that show presence hear when who may see a member's changed (their setting), to show it again. */
  onAudienceChanged(listener: AudienceListener) {
    this.listeners.push(listener);
  }

  async audienceChanged(userId: number) {
    for (const listener of this.listeners) await listener(userId);
  }
}

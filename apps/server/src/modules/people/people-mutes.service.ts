import { ErrorCode, type ListCursor, type MuteState, type MuteUpdatedEvent } from '@tribeverse/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { PeopleMutesRepository } from './people-mutes.repository.ts';
import { presentMutedMember } from './people.presenter.ts';
import type { PeopleRepository } from './people.repository.ts';

export interface MuteEvents {
  /** To the muter's own sockets (every tab); the muted member is never told. */
  muteUpdated(muterId: number, event: MuteUpdatedEvent): void;
}

const NO_MEMBER = 'This member does not exist.';

/**
 * Mutes (Mastodon's): the muted member's posts and shares leave the muter's feed lists and live feed (the feed module
 * reads user_mutes); they can still message each other, follow, comment, and the muted member is not told.
 */
export class PeopleMutesService {
  constructor(
    private readonly people: Pick<PeopleRepository, 'exists' | 'hasBlocked'>,
    private readonly mutes: PeopleMutesRepository,
    private readonly events: MuteEvents,
  ) {}

  /**
   * Another member the caller can see: not the caller (400), exists and has not blocked the caller (404 otherwise,
   * as for a member who does not exist). One the caller blocked is still theirs to mute or unmute.
   */
  private async requireVisibleOther(me: number, userId: number) {
    if (userId === me) throw badRequest('You cannot mute yourself.', ErrorCode.BAD_REQUEST, 'id');
    if (!(await this.people.exists(userId)) || (await this.people.hasBlocked(userId, me))) throw notFound(NO_MEMBER);
  }

  async mute(me: number, userId: number): Promise<MuteState> {
    await this.requireVisibleOther(me, userId);
    if (await this.mutes.mute(me, userId)) this.events.muteUpdated(me, { user_id: userId, muted: true });
    return { muted: true };
  }

  async unmute(me: number, userId: number): Promise<MuteState> {
    await this.requireVisibleOther(me, userId);
    if (await this.mutes.unmute(me, userId)) this.events.muteUpdated(me, { user_id: userId, muted: false });
    return { muted: false };
  }

  isMuted(me: number, userId: number) {
    return this.mutes.isMuted(me, userId);
  }

  async list(me: number, query: { before?: ListCursor; limit: number }) {
    const page = await this.mutes.findMuted(me, query.before, query.limit);
    return { users: page.rows.map(presentMutedMember), next_cursor: page.nextCursor };
  }

  /** Your data: whom the member muted. */
  async exportFor(userId: number) {
    return (await this.mutes.mutesOf(userId)).map((r) => ({ user_id: r.userId, username: r.username, since: r.since.toISOString() }));
  }

  async eraseFor(userId: number) {
    await this.mutes.removeAllMutesOf(userId);
  }
}

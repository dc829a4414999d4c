import type { NotificationContent } from '@tribeverse/shared';
import { presentSentMessage } from '../../lib/exported-messages.ts';
import type { CommunityAccountDataRepository } from './communities-account-data.repository.ts';
import type { CommunityRealtime } from './communities-realtime.ts';

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** Communities' part of 'Download my data' and of deleting an account. */
export class CommunityAccountDataService {
  constructor(
    private readonly repo: CommunityAccountDataRepository,
    private readonly realtime: CommunityRealtime,
    private readonly notify: (userId: number, content: NotificationContent) => Promise<void>,
  ) {}

  async exportFor(userId: number) {
    const data = await this.repo.exportOf(userId);
    return {
      memberships: data.memberships.map(({ member, name, ownerId }) => ({
        community_id: member.communityId,
        community_name: name,
        state: member.state,
        role: ownerId === userId ? 'owner' : member.role,
        since: iso(member.stateAt),
      })),
      messages: data.messages.map((row) => ({
        community_id: row.communityId,
        channel_id: row.message.conversationId,
        ...presentSentMessage('community', row),
      })),
      threads: data.threads.map((t) => ({
        id: t.id,
        community_id: t.communityId,
        title: t.title,
        body: t.body,
        image: t.image,
        created_at: iso(t.createdAt),
      })),
      thread_replies: data.replies.map((r) => ({ id: r.id, thread_id: r.threadId, text: r.text, created_at: iso(r.createdAt) })),
      posts: data.posts.map((p) => ({
        id: p.id,
        community_id: p.communityId,
        text: p.text,
        images: p.images,
        created_at: iso(p.createdAt),
      })),
      events: data.events.map((e) => ({
        id: e.id,
        community_id: e.communityId,
        kind: e.kind,
        title: e.title,
        description: e.description,
        link: e.link,
        starts_at: iso(e.startsAt),
      })),
      event_rsvps: data.rsvps.map((r) => ({ event_id: r.eventId, created_at: iso(r.createdAt) })),
    };
  }

  /**
   * Returns the files to remove once the account's erasure has committed. Each member who took over a community
   * is told after the hand-over has committed, without naming the deleted account.
   */
  async eraseFor(userId: number): Promise<string[]> {
    const { files, deleted, left, heirs } = await this.repo.erase(userId);
    // Open community pages refresh (new owner, one member fewer); a deleted community closes for everyone in it.
    for (const id of left) this.realtime.toRoom(id, 'community:updated', { community_id: id });
    for (const id of deleted) {
      this.realtime.toRoom(id, 'community:deleted', { community_id: id });
      await this.realtime.closeRoom(id);
    }
    for (const heir of heirs)
      await this.notify(heir.userId, {
        kind: 'community_owner',
        payload: { community_id: heir.communityId, community_name: heir.communityName, via: 'account_deleted' },
      });
    return files;
  }
}

import type { HeldProfile, ReportedContent } from '@tribeverse/shared';
import type { UsersService } from '../users/users.service.ts';
import type { HeldProfileRow, HeldProfilesRepository } from './profile-held.repository.ts';

/** The name and bio as the held queue shows them to staff: both, so the reviewer sees the whole change. */
const textOf = (row: Pick<HeldProfileRow, 'fullName' | 'bio'>) => `Name: ${row.fullName ?? ''}\nBio: ${row.bio ?? ''}`;

/**
 * Names and bios in the held queue (the admin module's HeldSource of kind 'profile', keyed by the member's id). The
 * pending values live in held_profiles and nowhere else: profiles, posts, chats and search all read the users row,
 * so others keep seeing the previous name and bio until a moderator releases the new ones.
 */
export class HeldProfiles {
  constructor(
    private readonly repo: HeldProfilesRepository,
    private readonly users: UsersService,
  ) {}

  /** The member's own pending values, for their `me` and settings; null when nothing waits for review. */
  async pendingOf(userId: number): Promise<HeldProfile | null> {
    const row = await this.repo.find(userId);
    return row?.state === 'held' ? { full_name: row.fullName, bio: row.bio, held_at: row.createdAt.toISOString() } : null;
  }

  async list() {
    const rows = await this.repo.listHeld();
    return rows.map((r) => ({
      id: r.userId,
      authorId: r.userId,
      text: textOf(r),
      context: r.username ? `Profile of @${r.username}` : 'Profile',
      createdAt: r.createdAt,
    }));
  }

  /** The new name and bio become the profile everyone sees. */
  async release(userId: number): Promise<{ authorId: number } | null> {
    const row = await this.repo.take(userId, 'held');
    if (!row) return null;
    await this.users.update(userId, { fullName: row.fullName, bio: row.bio });
    return { authorId: userId };
  }

  /** Turned down: the member's own view drops them too (they are told by the queue); kept for an appeal. */
  async remove(userId: number): Promise<{ authorId: number } | null> {
    return (await this.repo.markRemoved(userId)) ? { authorId: userId } : null;
  }

  /**
   * An upheld appeal applies them, as a release would. Nothing when the member has since edited their name or bio
   * (that edit replaced the row): their newer choice stands.
   */
  async restore(userId: number): Promise<void> {
    const row = await this.repo.take(userId, 'removed');
    if (row) await this.users.update(userId, { fullName: row.fullName, bio: row.bio });
  }

  /** 'Download my data': the name and bio waiting for review or turned down, as the member wrote them; null when none. */
  async exportFor(userId: number) {
    const row = await this.repo.find(userId);
    return row && { full_name: row.fullName, bio: row.bio, state: row.state, created_at: row.createdAt.toISOString() };
  }

  /** What was turned down, for the appeal page: a member's profile, name and bio as they were held. */
  async content(userId: number): Promise<ReportedContent | null> {
    const row = await this.repo.find(userId);
    return row && { kind: 'user', name: row.fullName, bio: row.bio };
  }
}

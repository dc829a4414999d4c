import { CONVERSATION_LIMITS, type ConversationMessage, type Group, type SystemLine } from '@tribeverse/shared';
import { reencodePicture } from '../../lib/images.ts';
import { perMemberLookup } from '../../lib/per-member-lookup.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type { ConversationsService } from '../conversations/conversations.service.ts';
import type { ChatPeopleRepository } from './chat-people.repository.ts';
import type { GroupEvents } from './chat-groups.events.ts';
import type { ChatGroupsRepository, GroupMemberRow, GroupRow } from './chat-groups.repository.ts';
import {
  assertAdmin,
  assertGroupSize,
  assertMayInvite,
  assertMayRemove,
  distinctOthers,
  groupFull,
  groupNotFound,
  requireMember,
  type CurrentMembership,
} from './chat-groups.policy.ts';
import { presentGroup, presentGroupListItem } from './chat-groups.presenter.ts';
import { groupPlace as placeOf } from './chat-groups-messages.service.ts';

/**
 * Group chats: a named conversation of 3 to 100 people on the conversation core; this side makes them and holds who
 * is in them (their messages: chat-groups-messages.service.ts). Every id a caller sends is checked against their own
 * membership (a group they are not in does not exist for them); events go to the group's room after the write
 * committed, and a member who leaves or is removed is out of the room before anyone hears of it.
 */
export class ChatGroupsService {
  constructor(
    private readonly repo: ChatGroupsRepository,
    private readonly people: ChatPeopleRepository,
    private readonly conversations: ConversationsService,
    private readonly events: GroupEvents,
    private readonly media: MediaStorage,
  ) {}

  private async membership(me: number, groupId: number): Promise<CurrentMembership> {
    const membership = await this.repo.findMembership(groupId, me);
    requireMember(membership);
    return membership;
  }

  private async view(me: number, group: GroupRow, members?: GroupMemberRow[]): Promise<Group> {
    const all = members ?? (await this.repo.findMembers(group.id));
    return presentGroup(group, all, all.find((m) => m.id === me)?.role ?? 'member');
  }

  /** Tells every current member the group as it is now (each with their own role), and the line that says why. */
  private async announce(group: GroupRow, line: ConversationMessage | null) {
    const members = await this.repo.findMembers(group.id);
    if (line) this.events.toGroup(group.id, 'group:message:new', line);
    this.events.changed(members, (role) => presentGroup(group, members, role));
    return members;
  }

  private writeLine(groupId: number, actorId: number, line: SystemLine) {
    return this.conversations.writeSystemLine(placeOf(groupId), actorId, line);
  }

  async create(me: number, input: { name: string; member_ids: number[] }): Promise<Group> {
    const others = distinctOthers(me, input.member_ids, 'member_ids');
    assertGroupSize(others.length);
    assertMayInvite(others, await this.people.findMessageability(me, others));
    const group = await this.repo.create(me, input.name, others);
    await this.events.move([me, ...others], group.id, true);
    const line = await this.writeLine(group.id, me, { event: 'created', actor_id: me });
    return this.view(me, group, await this.announce(group, line));
  }

  async get(me: number, groupId: number): Promise<Group> {
    await this.membership(me, groupId);
    const group = await this.repo.findGroup(groupId);
    if (!group) throw groupNotFound();
    return this.view(me, group);
  }

  /** The member's current groups, newest activity first, each with its last message, unread count and mute. */
  async list(me: number) {
    const rows = await this.repo.listFor(me);
    const lastIds = rows.flatMap((r) => (r.lastId === null ? [] : [r.lastId]));
    const [unread, lasts] = await Promise.all([
      this.conversations.unreadCounts(
        me,
        rows.map((r) => r.group.id),
      ),
      this.conversations.presentByIds(lastIds, placeOf),
    ]);
    const lastById = new Map(lasts.map((m) => [m.id, m]));
    return rows.map((r) =>
      presentGroupListItem(r, r.lastId === null ? null : (lastById.get(r.lastId) ?? null), unread.get(r.group.id) ?? 0),
    );
  }

  private async admin(me: number, groupId: number) {
    const membership = await this.membership(me, groupId);
    assertAdmin(membership);
    return membership;
  }

  async update(me: number, groupId: number, change: { name?: string; avatar?: Buffer }): Promise<Group> {
    await this.admin(me, groupId);
    let group = await this.repo.findGroup(groupId);
    if (!group) throw groupNotFound();
    const lines: SystemLine[] = [];
    if (change.name !== undefined && change.name !== group.name) {
      group = (await this.repo.update(groupId, { name: change.name })) ?? group;
      lines.push({ event: 'renamed', actor_id: me, name: change.name });
    }
    if (change.avatar) {
      const previous = group.avatar;
      const url = await this.saveAvatar(change.avatar);
      const updated = await this.repo.update(groupId, { avatar: url });
      if (!updated) {
        await this.media.remove(url);
        throw groupNotFound();
      }
      group = updated;
      await this.media.remove(previous);
      lines.push({ event: 'avatar', actor_id: me });
    }
    if (!lines.length) return this.view(me, group);
    let members: GroupMemberRow[] = [];
    for (const [i, line] of lines.entries()) {
      const written = await this.writeLine(groupId, me, line);
      // One group:updated for the whole change, after its last line.
      if (i < lines.length - 1) this.events.toGroup(groupId, 'group:message:new', written);
      else members = await this.announce(group, written);
    }
    return this.view(me, group, members);
  }

  /** Re-encoded (EXIF and GPS dropped), at most 512 px, in the public folder like every other picture. */
  private async saveAvatar(image: Buffer) {
    const [picture] = await reencodePicture(
      image,
      [{ resize: { width: 512, height: 512, fit: 'cover', withoutEnlargement: true }, quality: 82 }],
      'The group picture must be an image (JPEG, PNG, WebP, GIF or AVIF).',
    );
    return this.media.save(picture!.data, 'webp');
  }

  /** Admins add people they may message (each reads from now on); someone in it already is left as they are. */
  async addMembers(me: number, groupId: number, userIds: number[]): Promise<Group> {
    await this.admin(me, groupId);
    const group = await this.repo.findGroup(groupId);
    if (!group) throw groupNotFound();
    const members = await this.repo.findMembers(groupId);
    const inside = new Set(members.map((m) => m.id));
    const fresh = [...new Set(userIds)].filter((id) => !inside.has(id));
    if (!fresh.length) return this.view(me, group, members);
    if (members.length + fresh.length > CONVERSATION_LIMITS.groupMaxMembers) throw groupFull();
    assertMayInvite(fresh, await this.people.findMessageability(me, fresh));
    const added = await this.repo.addMembers(groupId, fresh, CONVERSATION_LIMITS.groupMaxMembers);
    if (added === 'full') throw groupFull();
    if (!added.length) return this.get(me, groupId);
    await this.events.move(added, groupId, true);
    const line = await this.writeLine(groupId, me, { event: 'added', actor_id: me, user_ids: added });
    return this.view(me, group, await this.announce(group, line));
  }

  /**
   * Admins remove anyone; anyone removes themself (leaving). Their sockets are out of the room before anything more
   * is said there; they are told `group:removed`. The last admin leaving hands admin to the longest-standing member;
   * the last member leaving deletes the group and its files.
   */
  async removeMember(me: number, groupId: number, userId: number): Promise<void> {
    const membership = await this.membership(me, groupId);
    assertMayRemove(me, membership, userId);
    const leaving = userId === me;
    const departure = await this.repo.depart(groupId, userId, leaving ? 'left' : 'removed');
    if (departure.outcome === 'not-member') throw groupNotFound();
    await this.events.move([userId], groupId, false);
    this.events.toUsers([userId], 'group:removed', { group_id: groupId });
    if (departure.outcome === 'deleted') {
      this.events.closeRoom(groupId);
      await Promise.all(departure.files.map((url) => this.media.remove(url)));
      return;
    }
    const group = await this.repo.findGroup(groupId);
    if (!group) return;
    const line = await this.writeLine(
      groupId,
      me,
      leaving ? { event: 'left', actor_id: me } : { event: 'removed', actor_id: me, user_ids: [userId] },
    );
    await this.announce(group, line);
  }

  /** Unread messages in the member's groups but muted ones: their part of the chat count (the header's Chats). */
  async unreadTotal(me: number): Promise<number> {
    const counts = await this.conversations.unreadCounts(me, await this.repo.unmutedGroupIdsOf(me));
    let total = 0;
    for (const n of counts.values()) total += n;
    return total;
  }

  /** Member ids of the groups a member's sockets belong in (joined at connect): a crowd connecting shares a query. */
  readonly groupIdsOf = perMemberLookup((userIds) => this.repo.groupIdsOfMembers(userIds));
}

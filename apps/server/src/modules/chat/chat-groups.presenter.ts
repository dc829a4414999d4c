import { DELETED_MEMBER_NAME, type ConversationMessage, type Group, type GroupListItem, type GroupMember } from '@tribeverse/shared';
import type { GroupListRow, GroupMemberRow, GroupRow } from './chat-groups.repository.ts';

/** A member as the group shows them; a deleted account stays, nameless, until it is taken out. */
export const presentGroupMember = (row: GroupMemberRow): GroupMember =>
  row.deletedAt
    ? { id: row.id, name: DELETED_MEMBER_NAME, username: null, avatar: null, role: row.role }
    : { id: row.id, name: row.fullName, username: row.username, avatar: row.profilePicture, role: row.role };

/** A group as one of its members sees it: `my_role` is theirs. */
export function presentGroup(row: GroupRow, members: GroupMemberRow[], viewerRole: 'admin' | 'member'): Group {
  return {
    id: row.id,
    name: row.name,
    avatar: row.avatar,
    members: members.map(presentGroupMember),
    my_role: viewerRole,
    created_at: row.createdAt.toISOString(),
  };
}

/** Muted, and not past the end the member chose. */
export const isMuted = (row: { muted: boolean; mutedUntil: Date | null }, now = Date.now()) =>
  row.muted && (row.mutedUntil === null || row.mutedUntil.getTime() > now);

export function presentGroupListItem(row: GroupListRow, last: ConversationMessage | null, unread: number): GroupListItem {
  return {
    id: row.group.id,
    name: row.group.name,
    avatar: row.group.avatar,
    member_count: row.memberCount,
    last_message: last,
    unread,
    muted: isMuted(row),
  };
}

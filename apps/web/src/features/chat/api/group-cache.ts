import type { QueryClient } from '@tanstack/react-query';
import type { ConversationMessage, Group, GroupListItem } from '@tribeverse/shared';
import { askAgainIfReloading, flattenPages, upsertInPages, type MessagePages } from '../../../lib/conversation/message-pages';
import { updatePins } from '../../../lib/conversation/pins';
import type { GroupReads } from './groups';
import { chatKeys } from './keys';

/** Small, pure updates of the group caches, shared by socket events and mutations. */
type GroupList = { groups: GroupListItem[] };

export function upsertGroupMessage(queryClient: QueryClient, message: ConversationMessage) {
  if (!message.group_id) return;
  upsertInPages(queryClient, chatKeys.groupMessages(message.group_id), message);
  updatePins(queryClient, chatKeys.groupPins(message.group_id), message);
}

/**
 * A member read the group up to `lastReadId` (a read position only moves forward). Kept even before the positions
 * have loaded; a load on its way, which may have left before this read, is asked again.
 */
export function setGroupRead(queryClient: QueryClient, groupId: number, userId: number, lastReadId: number) {
  const key = chatKeys.groupReads(groupId);
  queryClient.setQueryData<GroupReads>(key, (data) => {
    const reads = data?.reads ?? [];
    if (reads.some((r) => r.user_id === userId && r.last_read_id >= lastReadId)) return data;
    return { reads: [...reads.filter((r) => r.user_id !== userId), { user_id: userId, last_read_id: lastReadId }] };
  });
  askAgainIfReloading(queryClient, key);
}

const patchListItem = (queryClient: QueryClient, groupId: number, change: (item: GroupListItem) => GroupListItem) =>
  queryClient.setQueryData<GroupList>(chatKeys.groups, (data) =>
    data ? { groups: data.groups.map((g) => (g.id === groupId ? change(g) : g)) } : data,
  );

/** The group as the server now has it (renamed, new picture, members changed): its page and its row. */
export function putGroup(queryClient: QueryClient, group: Group) {
  queryClient.setQueryData(chatKeys.group(group.id), group);
  patchListItem(queryClient, group.id, (g) => ({ ...g, name: group.name, avatar: group.avatar, member_count: group.members.length }));
}

/** The member is out of the group: its row goes; its history stays on screen with a notice. */
export function dropGroupFromList(queryClient: QueryClient, groupId: number) {
  queryClient.setQueryData<GroupList>(chatKeys.groups, (data) => (data ? { groups: data.groups.filter((g) => g.id !== groupId) } : data));
}

export const clearGroupUnread = (queryClient: QueryClient, groupId: number) =>
  patchListItem(queryClient, groupId, (g) => ({ ...g, unread: 0 }));

/**
 * The member read the group up to `upToId` (in another tab): the badge clears only if nothing newer came since.
 * Returns false when the list may still count newer messages (the caller asks the server).
 */
export function clearGroupUnreadUpTo(queryClient: QueryClient, groupId: number, upToId: number): boolean {
  const group = queryClient.getQueryData<GroupList>(chatKeys.groups)?.groups.find((g) => g.id === groupId);
  if (!group) return true;
  if ((group.last_message?.id ?? 0) > upToId) return false;
  clearGroupUnread(queryClient, groupId);
  return true;
}

/** Muted or not, as the server now has it: the row shows it, and the header's count is asked again (muted ones leave it). */
export function setGroupMuted(queryClient: QueryClient, groupId: number, muted: boolean) {
  patchListItem(queryClient, groupId, (g) => ({ ...g, muted }));
  void queryClient.invalidateQueries({ queryKey: chatKeys.groups });
  void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount });
}

/**
 * The member cleared the group's history up to `clearedBefore`: what came after it (a message arriving meanwhile)
 * stays; the pins, the pages of a jump, the row and the header's count are asked again as the server now has them.
 */
export function clearGroupHistory(queryClient: QueryClient, groupId: number, clearedBefore: number) {
  const key = chatKeys.groupMessages(groupId);
  queryClient.setQueryData<MessagePages<ConversationMessage>>(key, (data) =>
    data ? { pages: [flattenPages(data).filter((m) => m.id > clearedBefore)], pageParams: [undefined] } : data,
  );
  void queryClient.invalidateQueries({ queryKey: [...key, 'around'] });
  void queryClient.invalidateQueries({ queryKey: chatKeys.groupPins(groupId) });
  clearGroupUnread(queryClient, groupId);
  void queryClient.invalidateQueries({ queryKey: chatKeys.groups });
  void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type clearResultSchema,
  type ConversationMessage,
  type Group,
  type GroupListItem,
  type muteResultSchema,
  type z,
} from '@tribeverse/shared';
import { api, uploadWithProgress } from '../../../lib/api-client';
import { conversationHistory } from '../../../lib/conversation/history';
import { chatKeys } from './keys';

/** The group chat calls (contract, "Conversations"). Only members see a group: anyone else gets 404. */
const base = (groupId: number) => `/chat/groups/${groupId}`;

/** The member's groups, newest activity first. */
export const getGroups = () => api<{ groups: GroupListItem[] }>('/chat/groups');
export const groupsQuery = () => queryOptions({ queryKey: chatKeys.groups, queryFn: getGroups });
export const useGroups = () => useQuery(groupsQuery());

export const getGroup = (groupId: number) => api<Group>(base(groupId));
export const groupQuery = (groupId: number) =>
  queryOptions({
    queryKey: chatKeys.group(groupId),
    queryFn: () => getGroup(groupId),
    // A 404 means the member is not (or no longer) in it: asking again will not change that.
    retry: (failures, error) => failures < 2 && !(error && 'status' in error && error.status === 404),
  });
export const useGroup = (groupId: number) => useQuery(groupQuery(groupId));

/** A group's history (lib/conversation/history): it goes back to when the member joined. */
export const groupHistory = (groupId: number) =>
  conversationHistory<ConversationMessage>(chatKeys.groupMessages(groupId), `${base(groupId)}/messages`);

export const createGroup = (body: { name: string; member_ids: number[] }) => api<Group>('/chat/groups', { method: 'POST', body });
export const renameGroup = (groupId: number, name: string) => api<Group>(base(groupId), { method: 'PATCH', body: { name } });
export const setGroupPicture = (groupId: number, file: File) => {
  const form = new FormData();
  form.set('avatar', file);
  return uploadWithProgress<Group>(base(groupId), form, { method: 'PATCH' });
};
export const addGroupMembers = (groupId: number, userIds: number[]) =>
  api<Group>(`${base(groupId)}/members`, { method: 'POST', body: { user_ids: userIds } });
/** Admins remove anyone; anyone removes themself (leaving). */
export const removeGroupMember = (groupId: number, userId: number) => api<void>(`${base(groupId)}/members/${userId}`, { method: 'DELETE' });

/** How far each member has read, but those who turned read receipts off; group:read tells each move after it. */
export interface GroupReads {
  reads: { user_id: number; last_read_id: number }[];
}
export const getGroupReads = (groupId: number) => api<GroupReads>(`${base(groupId)}/reads`);
export const useGroupReads = (groupId: number) =>
  useQuery({ queryKey: chatKeys.groupReads(groupId), queryFn: () => getGroupReads(groupId), staleTime: Infinity });

/** Read up to a message: the answer is what is still unread in the group. */
export const markGroupRead = (groupId: number, messageId: number) =>
  api<{ unread: number }>(`${base(groupId)}/read`, { method: 'POST', body: { message_id: messageId } });

/** The changed message, whether the server sends it bare or as `{message}`; nothing for a 204. */
type Changed = ConversationMessage | { message: ConversationMessage } | undefined;
const changed = (answer: Changed) => (answer && 'message' in answer ? answer.message : answer);
const messageUrl = (groupId: number, messageId: number) => `${base(groupId)}/messages/${messageId}`;

/** Puts the member's reaction on, or takes it off when it is there. */
export const reactInGroup = async (groupId: number, messageId: number, emoji: string) =>
  changed(await api<Changed>(`${messageUrl(groupId, messageId)}/reactions`, { method: 'POST', body: { emoji } }));
export const editInGroup = async (groupId: number, messageId: number, text: string) =>
  changed(await api<Changed>(messageUrl(groupId, messageId), { method: 'PATCH', body: { text } }));
/** Delete for everyone (one's own messages). */
export const deleteInGroup = async (groupId: number, messageId: number) =>
  changed(await api<Changed>(messageUrl(groupId, messageId), { method: 'DELETE' }));

/** Mutes the group for the caller only, for good or `until` a time: it then leaves their Chats count. */
export const muteGroup = (groupId: number, muted: boolean, until?: string) =>
  api<z.infer<typeof muteResultSchema>>(`${base(groupId)}/mute`, { method: 'PUT', body: { muted, ...(until && { until }) } });
/** Clear chat: the history up to now is hidden for the caller only (and counts as read); it cannot be undone. */
export const clearGroupChat = (groupId: number) => api<z.infer<typeof clearResultSchema>>(`${base(groupId)}/clear`, { method: 'POST' });

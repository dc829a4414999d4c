import { useQuery } from '@tanstack/react-query';
import type { ChatMessage, ConversationMessage } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { chatKeys } from './keys';

/** Pins (contract, "Conversations"): either person in a direct chat, a group's admins. Lists are newest pin first. */
export const getPins = (peerId: number) => api<{ pins: ChatMessage[] }>('/chat/pins', { query: { peer_id: peerId } });
export const usePins = (peerId: number) => useQuery({ queryKey: chatKeys.pins(peerId), queryFn: () => getPins(peerId) });

export const getGroupPins = (groupId: number) => api<{ pins: ConversationMessage[] }>(`/chat/groups/${groupId}/pins`);
export const useGroupPins = (groupId: number) => useQuery({ queryKey: chatKeys.groupPins(groupId), queryFn: () => getGroupPins(groupId) });

/** The message as it is now, pinned or not. */
export const setPinned = (id: number, pinned: boolean) => api<ChatMessage>(`/chat/messages/${id}/pin`, { method: 'PUT', body: { pinned } });
export const setGroupPinned = (groupId: number, messageId: number, pinned: boolean) =>
  api<ConversationMessage>(`/chat/groups/${groupId}/messages/${messageId}/pin`, { method: 'PUT', body: { pinned } });

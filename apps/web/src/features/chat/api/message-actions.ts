import type { ChatMessage } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/** Edit, delete for everyone and quick reactions; the socket events bring the result to every open tab. */
export const editMessage = (id: number, text: string) => api<ChatMessage>(`/chat/messages/${id}`, { method: 'PATCH', body: { text } });
export const deleteMessage = (id: number) => api<ChatMessage>(`/chat/messages/${id}`, { method: 'DELETE' });
export const setReaction = (id: number, emoji: string, on: boolean) =>
  api<ChatMessage>(`/chat/messages/${id}/reactions/${emoji}`, { method: on ? 'PUT' : 'DELETE' });
export const markRead = (peerId: number, upToId: number) =>
  api<{ updated: number; unreadCount: number }>('/chat/read', { method: 'POST', body: { peer_id: peerId, up_to_id: upToId } });
export const setBlocked = (userId: number, blocked: boolean) =>
  api<{ user_id: number; blocked: boolean }>(`/chat/blocks/${userId}`, { method: blocked ? 'POST' : 'DELETE' });

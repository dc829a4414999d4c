import { api } from '../../../lib/api-client';

/** Marks a conversation read up to a message; the answer carries the header's new unread count. */
export const markRead = (peerId: number, upToId: number) =>
  api<{ updated: number; unreadCount: number }>('/chat/read', { method: 'POST', body: { peer_id: peerId, up_to_id: upToId } });

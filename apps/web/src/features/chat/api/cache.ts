import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, Conversation, PeerResponse } from '@tribeverse/shared';
import { chatKeys } from './keys';
import { reloadQueries } from '../../../lib/reload-queries';
import { askAgainIfReloading, mapPages, removeFromPages, upsertInPages } from '../../../lib/conversation/message-pages';
import { updatePins } from '../../../lib/conversation/pins';

/** Small, pure updates of the chat caches, shared by socket events and mutations. */
export const peerOf = (message: ChatMessage, me: number) => (message.sender_id === me ? message.receiver_id : message.sender_id);

export function upsertMessage(queryClient: QueryClient, me: number, message: ChatMessage) {
  upsertInPages(queryClient, chatKeys.messages(peerOf(message, me)), message);
  updatePins(queryClient, chatKeys.pins(peerOf(message, me)), message);
}

/** A message deleted 'for me' leaves this member's loaded history at once. */
export function removeMessage(queryClient: QueryClient, peerId: number, id: number) {
  removeFromPages<ChatMessage>(queryClient, chatKeys.messages(peerId), id);
  queryClient.setQueryData<{ pins: ChatMessage[] }>(chatKeys.pins(peerId), (data) =>
    data ? { pins: data.pins.filter((m) => m.id !== id) } : data,
  );
}

export function markMineRead(queryClient: QueryClient, peerId: number, upToId: number, readAt: string) {
  const key = chatKeys.messages(peerId);
  mapPages<ChatMessage>(queryClient, key, (m) =>
    m.receiver_id === peerId && m.id <= upToId && !m.read_at ? { ...m, read_at: readAt } : m,
  );
  // Otherwise the reload's answer would put the ticks back to 'Sent'.
  askAgainIfReloading(queryClient, key);
}

export function patchPeerPresence(queryClient: QueryClient, userId: number, online: boolean, lastSeen: string | null) {
  queryClient.setQueryData<{ conversations: Conversation[] }>(chatKeys.conversations, (data) =>
    data
      ? {
          conversations: data.conversations.map((c) =>
            c.peer.id === userId ? { ...c, peer: { ...c.peer, online, last_seen: lastSeen } } : c,
          ),
        }
      : data,
  );
  queryClient.setQueryData<PeerResponse>(chatKeys.peer(userId), (data) =>
    data ? { ...data, peer: { ...data.peer, online, last_seen: lastSeen } } : data,
  );
}

export function clearUnread(queryClient: QueryClient, peerId: number) {
  queryClient.setQueryData<{ conversations: Conversation[] }>(chatKeys.conversations, (data) =>
    data ? { conversations: data.conversations.map((c) => (c.peer.id === peerId ? { ...c, unread: 0 } : c)) } : data,
  );
}

/**
 * Another tab read this conversation up to `upToId`: the badge clears only if nothing newer came since. Returns
 * false when the list may still count newer messages (the caller asks the server).
 */
export function clearUnreadUpTo(queryClient: QueryClient, peerId: number, upToId: number): boolean {
  const conversation = queryClient
    .getQueryData<{ conversations: Conversation[] }>(chatKeys.conversations)
    ?.conversations.find((c) => c.peer.id === peerId);
  if (!conversation) return true;
  if ((conversation.last_message?.id ?? 0) > upToId) return false;
  clearUnread(queryClient, peerId);
  return true;
}

/** Everything chat shows, asked again (first loads on their way too): the socket has (re)connected. */
export const reloadChat = (queryClient: QueryClient) => reloadQueries(queryClient, chatKeys.all);

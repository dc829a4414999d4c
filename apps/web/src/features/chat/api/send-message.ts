import type { ChatMessage, ConversationMessage } from '@tribeverse/shared';
import { api, uploadWithProgress } from '../../../lib/api-client';
import { acknowledged, sendBody, sendForm } from '../../../lib/conversation/send';
import type { AppSocket } from '../../../lib/socket';

/** A message on its way, to one person (`peer_id`) or to a group (`group_id`): exactly one of the two is set. */
export interface OutgoingMessage {
  client_id: string;
  peer_id?: number;
  group_id?: number;
  text: string;
  reply_to?: number;
  link_preview?: false;
  file?: File;
}

/**
 * The one send path of chat, direct and group alike. Text goes over the socket when it is connected (the ack comes
 * after the message is stored), else over HTTP; files go over HTTP. The client_id makes any retry safe: the server
 * returns the stored message, never a copy.
 */
export async function sendMessage(
  message: OutgoingMessage,
  socket: AppSocket | null,
  onProgress?: (f: number) => void,
): Promise<ChatMessage | ConversationMessage> {
  const { peer_id, group_id, file } = message;
  const url = group_id ? `/chat/groups/${group_id}/send` : '/chat/send';
  if (file) {
    const form = sendForm(message, file, group_id ? {} : { peer_id: String(peer_id) });
    return (await uploadWithProgress<{ message: ChatMessage | ConversationMessage }>(url, form, { onProgress })).message;
  }
  const body = sendBody(message);
  if (group_id) {
    if (socket?.connected) return acknowledged(socket.timeout(10_000).emitWithAck('group:send', { ...body, group_id }));
    return (await api<{ message: ConversationMessage }>(url, { method: 'POST', body })).message;
  }
  if (socket?.connected) return acknowledged(socket.timeout(10_000).emitWithAck('message:send', { ...body, peer_id }));
  return (await api<{ message: ChatMessage }>(url, { method: 'POST', body: { peer_id, ...body } })).message;
}

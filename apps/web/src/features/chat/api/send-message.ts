import type { ChatAck, ChatMessage, ConversationMessage, GroupSendAck, SendAck } from '@tribeverse/shared';
import { ApiError, api, uploadWithProgress } from '../../../lib/api-client';
import type { AppSocket } from '../../../lib/socket';

/** A message on its way, to one person (`peer_id`) or to a group (`group_id`): exactly one of the two is set. */
export interface OutgoingMessage {
  client_id: string;
  peer_id?: number;
  group_id?: number;
  text: string;
  reply_to?: number;
  file?: File;
}

const lostConnection = () => new ApiError(0, 'NETWORK_ERROR', 'Check your internet connection');

/** The socket's acknowledgement comes once the message is stored; a refusal keeps its reason. */
function stored<M>(ack: ChatAck<{ message: M }>): M {
  if (!ack.ok) throw new ApiError(400, ack.code, ack.msg);
  return ack.message;
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
  const { client_id, peer_id, group_id, text, reply_to, file } = message;
  const url = group_id ? `/chat/groups/${group_id}/send` : '/chat/send';
  if (file) {
    const form = new FormData();
    if (!group_id) form.set('peer_id', String(peer_id));
    form.set('client_id', client_id);
    if (text.trim()) form.set('text', text);
    if (reply_to) form.set('reply_to', String(reply_to));
    form.set('file', file);
    return (await uploadWithProgress<{ message: ChatMessage | ConversationMessage }>(url, form, { onProgress })).message;
  }
  const body = { text, client_id, ...(reply_to && { reply_to }) };
  if (group_id) {
    if (socket?.connected) {
      const ack: GroupSendAck = await socket
        .timeout(10_000)
        .emitWithAck('group:send', { ...body, group_id })
        .catch(() => Promise.reject(lostConnection()));
      return stored(ack);
    }
    return (await api<{ message: ConversationMessage }>(url, { method: 'POST', body })).message;
  }
  if (socket?.connected) {
    const ack: SendAck = await socket
      .timeout(10_000)
      .emitWithAck('message:send', { ...body, peer_id })
      .catch(() => Promise.reject(lostConnection()));
    return stored(ack);
  }
  return (await api<{ message: ChatMessage }>(url, { method: 'POST', body: { peer_id, ...body } })).message;
}

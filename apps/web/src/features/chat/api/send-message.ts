import type { ChatMessage, SendAck } from '@tribeverse/shared';
import { ApiError, api, uploadWithProgress } from '../../../lib/api-client';
import type { AppSocket } from '../../../lib/socket';

export interface OutgoingMessage {
  client_id: string;
  peer_id: number;
  text: string;
  reply_to?: number;
  file?: File;
}

/**
 * Text goes over the socket when it is connected (the ack comes after the message is stored), else over HTTP;
 * files go over HTTP. The client_id makes any retry safe: the server returns the stored message, never a copy.
 */
export async function sendMessage(
  message: OutgoingMessage,
  socket: AppSocket | null,
  onProgress?: (f: number) => void,
): Promise<ChatMessage> {
  const { client_id, peer_id, text, reply_to, file } = message;
  if (file) {
    const form = new FormData();
    form.set('peer_id', String(peer_id));
    form.set('client_id', client_id);
    if (text.trim()) form.set('text', text);
    if (reply_to) form.set('reply_to', String(reply_to));
    form.set('file', file);
    return (await uploadWithProgress<{ message: ChatMessage }>('/chat/send', form, { onProgress })).message;
  }
  const body = { peer_id, text, client_id, ...(reply_to && { reply_to }) };
  if (socket?.connected) {
    let ack: SendAck;
    try {
      ack = await socket.timeout(10_000).emitWithAck('message:send', body);
    } catch {
      throw new ApiError(0, 'NETWORK_ERROR', 'Check your internet connection');
    }
    if (!ack.ok) throw new ApiError(400, ack.code, ack.msg);
    return ack.message;
  }
  return (await api<{ message: ChatMessage }>('/chat/send', { method: 'POST', body })).message;
}

import { ApiError, api, uploadWithProgress } from '../../../lib/api-client';
import type { CommunitySendAck } from '@tribeverse/shared';
import type { AppSocket } from '../../../lib/socket';
import type { CommunityMessage } from './types';

export interface OutgoingCommunityMessage {
  client_id: string;
  community_id: number;
  /** The channel it goes to; without one (a message kept in the outbox from before channels) the first. */
  channel_id?: number;
  text: string;
  reply_to?: number;
  file?: File;
}

/**
 * Text over the socket when it is connected (acknowledged once stored), else HTTP; files over HTTP. The client_id
 * makes every retry safe: the server answers with the stored message, never a second copy.
 */
export async function sendCommunityMessage(message: OutgoingCommunityMessage, socket: AppSocket | null): Promise<CommunityMessage> {
  const { client_id, community_id, channel_id, text, reply_to, file } = message;
  const path = channel_id ? `/communities/${community_id}/channels/${channel_id}/send` : `/communities/${community_id}/send`;
  if (file) {
    const form = new FormData();
    form.set('client_id', client_id);
    if (text.trim()) form.set('text', text);
    if (reply_to) form.set('reply_to', String(reply_to));
    form.set('file', file);
    return (await uploadWithProgress<{ message: CommunityMessage }>(path, form)).message;
  }
  const body = { text, client_id, ...(reply_to && { reply_to }) };
  if (socket?.connected) {
    let ack: CommunitySendAck;
    try {
      ack = await socket.timeout(10_000).emitWithAck('community:send', { ...body, community_id, ...(channel_id && { channel_id }) });
    } catch {
      throw new ApiError(0, 'NETWORK_ERROR', 'Check your internet connection');
    }
    if (!ack.ok) throw new ApiError(400, ack.code, ack.msg);
    return ack.message;
  }
  return (await api<{ message: CommunityMessage }>(path, { method: 'POST', body })).message;
}

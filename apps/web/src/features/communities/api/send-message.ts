import { api, uploadWithProgress } from '../../../lib/api-client';
import { acknowledged, sendBody, sendForm } from '../../../lib/conversation/send';
import type { AppSocket } from '../../../lib/socket';
import type { CommunityMessage } from './types';

export interface OutgoingCommunityMessage {
  client_id: string;
  community_id: number;
  /** The channel it goes to; without one (a message kept in the outbox from before channels) the first. */
  channel_id?: number;
  text: string;
  reply_to?: number;
  link_preview?: false;
  file?: File;
}

/**
 * Text over the socket when it is connected (acknowledged once stored), else HTTP; files over HTTP. The client_id
 * makes every retry safe: the server answers with the stored message, never a second copy.
 */
export async function sendCommunityMessage(message: OutgoingCommunityMessage, socket: AppSocket | null): Promise<CommunityMessage> {
  const { community_id, channel_id, file } = message;
  const path = channel_id ? `/communities/${community_id}/channels/${channel_id}/send` : `/communities/${community_id}/send`;
  if (file) return (await uploadWithProgress<{ message: CommunityMessage }>(path, sendForm(message, file))).message;
  const body = sendBody(message);
  if (socket?.connected)
    return acknowledged(socket.timeout(10_000).emitWithAck('community:send', { ...body, community_id, ...(channel_id && { channel_id }) }));
  return (await api<{ message: CommunityMessage }>(path, { method: 'POST', body })).message;
}

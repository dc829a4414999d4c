import { api } from '../../../lib/api-client';

/** What is left unread after a channel read: in the channel, in the community (its unmuted channels), everywhere. */
export interface ChannelReadResult {
  unread?: number;
  community_unread?: number;
  total_unread?: number;
}

/** Moves the member's read position in a channel forward (never back) to this message. */
export const markChannelRead = (id: number, channelId: number, messageId: number) =>
  api<ChannelReadResult | undefined>(`/communities/${id}/channels/${channelId}/read`, { method: 'POST', body: { message_id: messageId } });

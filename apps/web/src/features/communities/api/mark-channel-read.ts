import type { channelReadResultSchema, z } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/** What is left unread after a channel read: in the channel, in the community (its unmuted channels), everywhere. */
export type ChannelReadResult = z.infer<typeof channelReadResultSchema>;

/** Moves the member's read position in a channel forward (never back) to this message. */
export const markChannelRead = (id: number, channelId: number, messageId: number) =>
  api<ChannelReadResult>(`/communities/${id}/channels/${channelId}/read`, { method: 'POST', body: { message_id: messageId } });

import { conversationHistory } from '../../../lib/conversation/history';
import type { MessagePages } from '../../../lib/conversation/message-pages';
import { communityKeys } from './keys';
import type { CommunityMessage } from './types';

export type CommunityMessagePages = MessagePages<CommunityMessage>;

/** A channel's history (lib/conversation/history). */
export const channelHistory = (id: number, channelId: number) =>
  conversationHistory<CommunityMessage>(communityKeys.channelMessages(id, channelId), `/communities/${id}/channels/${channelId}/messages`);

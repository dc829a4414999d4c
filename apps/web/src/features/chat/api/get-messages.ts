import type { ChatMessage } from '@tribeverse/shared';
import { conversationHistory } from '../../../lib/conversation/history';
import type { MessagePages as Pages } from '../../../lib/conversation/message-pages';
import { chatKeys } from './keys';

export { flattenPages } from '../../../lib/conversation/message-pages';
export type MessagePages = Pages<ChatMessage>;

/** A private chat's history (lib/conversation/history). */
export const directHistory = (peerId: number) =>
  conversationHistory<ChatMessage>(chatKeys.messages(peerId), '/chat/messages', { peer_id: peerId });

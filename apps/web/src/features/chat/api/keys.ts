import { headerCounterKeys } from '../../../lib/header-counters';

/** Query keys of the chat; its unread count is the header's chat counter. */
export const chatKeys = {
  all: ['chat'] as const,
  unreadCount: headerCounterKeys.chat,
  users: (search: string) => ['chat', 'users', search] as const,
  conversations: ['chat', 'conversations'] as const,
  messages: (peerId: number) => ['chat', 'messages', peerId] as const,
  peer: (peerId: number) => ['chat', 'peer', peerId] as const,
  blocks: ['chat', 'blocks'] as const,
};

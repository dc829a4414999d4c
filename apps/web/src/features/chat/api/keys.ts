/** Query keys of the chat. ['chat', 'unread-count'] is also read by the header counter. */
export const chatKeys = {
  all: ['chat'] as const,
  unreadCount: ['chat', 'unread-count'] as const,
  users: (search: string) => ['chat', 'users', search] as const,
  conversations: ['chat', 'conversations'] as const,
  messages: (peerId: number) => ['chat', 'messages', peerId] as const,
  peer: (peerId: number) => ['chat', 'peer', peerId] as const,
  blocks: ['chat', 'blocks'] as const,
};

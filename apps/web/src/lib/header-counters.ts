/**
 * The query keys of the header's counters, in one place: the features that change a count (reading a chat,
 * marking notifications read, live events) update the same cache entries the header reads.
 */
export const headerCounterKeys = {
  chat: ['chat', 'unread-count'] as const,
  notifications: ['notifications', 'unread-count'] as const,
};

import { useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS } from '@tribeverse/shared';
import { historyQuery, type ConversationHistory } from './history';
import { flattenPages } from './message-pages';
import { useJump } from './use-jump';

/**
 * What a conversation's timeline shows: its loaded history (oldest first), the messages on their way that the history
 * does not hold yet, and the jump to a message it may have to load the page of.
 */
export function useConversationTimeline<M extends { id: number; client_id: string | null }, P extends { client_id: string }>(
  history: ConversationHistory<M>,
  outgoing: P[],
) {
  const query = useInfiniteQuery(historyQuery(history));
  const messages = flattenPages(query.data);
  // A message restored after a reload may have been stored before it: shown once, as stored.
  const stored = new Set(messages.map((m) => m.client_id));
  const pending = outgoing.filter((p) => !stored.has(p.client_id));
  const jump = useJump({
    historyKey: history.key,
    loaded: messages,
    fetchAround: history.around,
    fetchBefore: history.before,
    pageSize: LIMITS.chatHistoryPage,
  });
  return { query, messages, pending, jump };
}

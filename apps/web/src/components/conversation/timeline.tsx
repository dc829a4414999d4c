import { Fragment, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Alert } from '../ui/alert';
import { Spinner } from '../ui/spinner';
import { withDaySeparators } from '../../lib/day-label';
import { errorMessage } from '../../lib/format';
import { useStickToBottom } from '../../lib/conversation/use-stick-to-bottom';
import { useToday } from '../../lib/use-today';

/** The history query of a conversation, as the timeline pages and retries it (an infinite query's result fits). */
export interface TimelineHistory {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

export interface TimelineProps<M extends { id: number; created_at: string }, P extends { client_id: string }> {
  history: TimelineHistory;
  /** Stored messages, oldest first. */
  messages: M[];
  /** Messages on their way (the outbox), shown after the stored ones. */
  pending: P[];
  /** A stored message, with the one just before it (a day apart, or none, gives null) to group runs by sender. */
  renderMessage(message: M, previous: M | null): ReactNode;
  renderPending(pending: P): ReactNode;
  emptyText?: string;
}

/**
 * The one timeline of every conversation: newest at the bottom, older pages loaded on scrolling up (keeping what the
 * member was looking at), day separators, and the loading, error and empty states.
 */
export function Timeline<M extends { id: number; created_at: string }, P extends { client_id: string }>({
  history,
  messages,
  pending,
  renderMessage,
  renderPending,
  emptyText = 'No messages yet. Say hello!',
}: TimelineProps<M, P>) {
  const list = useRef<HTMLDivElement>(null);
  const listContent = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const lastId = messages[messages.length - 1]?.id;
  const today = useToday();
  // Regrouped on every render from the whole loaded history, so older pages and live messages land under the right day.
  const timeline = withDaySeparators<M | P>([...messages, ...pending], (m) => ('id' in m ? new Date(m.created_at) : null), today);

  // Newest at the bottom: follow new messages; after loading an older page, keep what the member was looking at.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else el.scrollTop = el.scrollHeight;
  }, [messages.length, pending.length, lastId]);

  useStickToBottom(list, listContent);

  const onScroll = () => {
    const el = list.current;
    if (!el || el.scrollTop > 40 || !history.hasNextPage || history.isFetchingNextPage) return;
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void history.fetchNextPage();
  };

  let previous: M | null = null;
  return (
    <div ref={list} onScroll={onScroll} data-testid="message-list" className="min-h-0 flex-1 overflow-y-auto pr-1">
      <div ref={listContent}>
        {history.isFetchingNextPage && (
          <div className="flex justify-center py-2">
            <Spinner label="Loading older messages" />
          </div>
        )}
        {history.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : history.isError ? (
          <Alert className="my-8 text-center">
            {errorMessage(history.error, 'Could not load messages')}{' '}
            <button type="button" className="min-h-11 px-2 font-semibold underline" onClick={() => void history.refetch()}>
              Retry
            </button>
          </Alert>
        ) : !messages.length && !pending.length ? (
          <p className="py-8 text-center text-sm text-slate-400">{emptyText}</p>
        ) : (
          <ul className="flex flex-col gap-2 py-2">
            {timeline.map((entry) => {
              if (entry.kind === 'day') {
                previous = null;
                return (
                  <li key={`day-${entry.label}`} className="my-1 flex justify-center">
                    <h3 className="rounded-full bg-slate-800/80 px-3 py-0.5 text-xs font-medium text-slate-300">{entry.label}</h3>
                  </li>
                );
              }
              const item = entry.item;
              if (!('id' in item)) return <Fragment key={item.client_id}>{renderPending(item)}</Fragment>;
              const shown = <Fragment key={item.id}>{renderMessage(item, previous)}</Fragment>;
              previous = item;
              return shown;
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

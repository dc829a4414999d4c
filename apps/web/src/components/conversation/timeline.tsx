import { Fragment, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { ArrowDown } from 'lucide-react';
import { Alert } from '../ui/alert';
import { Spinner } from '../ui/spinner';
import { withDaySeparators } from '../../lib/day-label';
import { errorMessage } from '../../lib/format';
import { useStickToBottom } from '../../lib/conversation/use-stick-to-bottom';
import type { JumpFocus } from '../../lib/conversation/use-jump';
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
  /** Newer pages, after a jump to an older message: loaded on scrolling down. */
  hasPreviousPage?: boolean;
  isFetchingPreviousPage?: boolean;
  fetchPreviousPage?(): unknown;
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
  /** A message to bring into view and mark for a moment (a jump to a pin); it must be among `messages` to be found. */
  focus?: JumpFocus | null;
  /** Shown while the timeline holds older pages than the latest (after a jump): goes back to the newest messages. */
  onBackToLatest?(): void;
}

/**
 * How a message brought into view by a jump is marked (and focused, for keyboard and screen readers): for a moment,
 * and after it for as long as it keeps the focus, so one arriving from a search result still sees which it is.
 */
const JUMPED = ['rounded-2xl', 'bg-brand-600/20', 'ring-2', 'ring-brand-400'];
const JUMPED_MS = 2_000;
/** How close to an end of the list loads the next page that way. */
const EDGE_PX = 40;

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
  focus,
  onBackToLatest,
}: TimelineProps<M, P>) {
  const list = useRef<HTMLDivElement>(null);
  const listContent = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const keepFromTop = useRef<number | null>(null);
  // Showing a jump's pages: nothing pulls the view to the bottom, whatever loads below.
  const holdPlace = useRef(false);
  holdPlace.current = !!onBackToLatest || !!history.hasPreviousPage;
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
    } else if (keepFromTop.current !== null) {
      el.scrollTop = keepFromTop.current;
      keepFromTop.current = null;
    } else el.scrollTop = el.scrollHeight;
  }, [messages.length, pending.length, lastId]);

  useStickToBottom(list, listContent, holdPlace);

  // After the scroll above: a jump's message goes to the middle of the view once it is rendered (its page may load later).
  const focused = useRef<number | null>(null);
  const unmark = useRef<() => void>(() => {});
  useLayoutEffect(() => {
    if (!focus || focused.current === focus.token) return;
    const el = list.current?.querySelector<HTMLElement>(`[data-message-id="${focus.id}"]`);
    if (!el) return;
    focused.current = focus.token;
    unmark.current();
    el.scrollIntoView?.({ block: 'center' });
    el.tabIndex = -1;
    el.focus({ preventScroll: true });
    el.classList.add(...JUMPED);
    el.dataset.jumped = '';
    const clear = () => {
      el.classList.remove(...JUMPED);
      delete el.dataset.jumped;
    };
    const timer = setTimeout(
      () => (el === document.activeElement ? el.addEventListener('blur', clear, { once: true }) : clear()),
      JUMPED_MS,
    );
    unmark.current = () => {
      clearTimeout(timer);
      el.removeEventListener('blur', clear);
      clear();
    };
  });
  useEffect(() => () => unmark.current(), []);

  const onScroll = () => {
    const el = list.current;
    if (!el || history.isFetchingNextPage || history.isFetchingPreviousPage) return;
    if (el.scrollTop <= EDGE_PX && history.hasNextPage) {
      keepFromBottom.current = el.scrollHeight - el.scrollTop;
      void history.fetchNextPage();
    } else if (el.scrollHeight - el.scrollTop - el.clientHeight <= EDGE_PX && history.hasPreviousPage) {
      keepFromTop.current = el.scrollTop;
      void history.fetchPreviousPage?.();
    }
  };

  let previous: M | null = null;
  const timelineList = (
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
        {history.isFetchingPreviousPage && (
          <div className="flex justify-center py-2">
            <Spinner label="Loading newer messages" />
          </div>
        )}
      </div>
    </div>
  );
  if (!onBackToLatest) return timelineList;
  return (
    <>
      {timelineList}
      <button
        type="button"
        onClick={onBackToLatest}
        className="flex min-h-11 items-center justify-center gap-2 rounded-lg bg-slate-800 px-3 text-sm font-medium text-slate-100 hover:bg-slate-700 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
      >
        <ArrowDown className="size-4" aria-hidden />
        Back to the latest messages
      </button>
    </>
  );
}

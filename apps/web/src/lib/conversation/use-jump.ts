import { useState } from 'react';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { flattenPages, jumpKey, olderPageParam } from './message-pages';

/** A message to bring into view; `token` tells two jumps to the same message apart (a second tap scrolls again). */
export interface JumpFocus {
  id: number;
  token: number;
}

interface JumpOptions<M> {
  /** The conversation's history key: a jump's pages live under it (message-pages.ts, jumpKey). */
  historyKey: QueryKey;
  /** The loaded history, oldest first. */
  loaded: M[];
  /** The page centred on a message (`?around=`), and the page older than a message (`?before=`). */
  fetchAround(id: number): Promise<M[]>;
  fetchBefore(id: number): Promise<M[]>;
  pageSize: number;
}

/**
 * A jump to a message (a pin tapped): when the loaded history holds it, the timeline scrolls to it; otherwise the page
 * around it is loaded and shown instead of the latest messages (older pages load on scrolling up, as usual) until the
 * member goes back to the latest. The history keeps receiving live messages meanwhile.
 */
export function useJump<M extends { id: number }>({ historyKey, loaded, fetchAround, fetchBefore, pageSize }: JumpOptions<M>) {
  const [focus, setFocus] = useState<JumpFocus | null>(null);
  const [away, setAway] = useState<number | null>(null);
  const around = useInfiniteQuery({
    queryKey: jumpKey(historyKey, away ?? 0),
    queryFn: ({ pageParam }) => (pageParam === undefined ? fetchAround(away!) : fetchBefore(pageParam)),
    initialPageParam: undefined as number | undefined,
    // The page around the message may be short at either end: older ones are asked for until one comes back short.
    getNextPageParam: (last, _all, lastParam) => (lastParam === undefined ? last[0]?.id : olderPageParam(pageSize)(last)),
    enabled: away !== null,
    staleTime: Infinity,
  });
  const aroundMessages = flattenPages(around.data);

  const jumpTo = (id: number) => {
    setFocus({ id, token: Date.now() });
    if (away !== null && aroundMessages.some((m) => m.id === id)) return;
    setAway(loaded.some((m) => m.id === id) ? null : id);
  };

  return {
    jumpTo,
    focus,
    /** Showing the pages of a jump rather than the latest messages. */
    away: away !== null,
    /** The pages to show: the jump's while away, else null (the history itself). */
    history: away !== null ? around : null,
    messages: away !== null ? aroundMessages : loaded,
    backToLatest: () => {
      setAway(null);
      setFocus(null);
    },
  };
}

import { useState } from 'react';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
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

/** Where a page of a jump starts: the page around the message, one older than a message, or one newer than it. */
type JumpPageParam = { before: number } | { after: number } | undefined;

/**
 * A jump to a message (a pin tapped, or `?around=<id>` in the address: a search result opened): when the loaded
 * history holds it, the timeline scrolls to it; otherwise the page around it is loaded and shown instead of the
 * latest messages, older pages loading on scrolling up and newer ones on scrolling down, until the member goes back
 * to the latest. The history keeps receiving live messages meanwhile.
 */
export function useJump<M extends { id: number }>({ historyKey, loaded, fetchAround, fetchBefore, pageSize }: JumpOptions<M>) {
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get('around')) || null;
  const [focus, setFocus] = useState<JumpFocus | null>(linked ? { id: linked, token: 0 } : null);
  const [away, setAway] = useState<number | null>(linked);
  // From the page around a message on, at most this many of its messages are newer (the server's half of the page).
  const newerPart = pageSize - Math.floor(pageSize / 2);
  const around = useInfiniteQuery({
    queryKey: jumpKey(historyKey, away ?? 0),
    queryFn: async ({ pageParam }) => {
      if (!pageParam) return fetchAround(away!);
      if ('before' in pageParam) return fetchBefore(pageParam.before);
      // There is no `after` cursor: the page centred on the newest message shown holds the ones after it.
      return (await fetchAround(pageParam.after)).filter((m) => m.id > pageParam.after);
    },
    initialPageParam: undefined as JumpPageParam,
    // The page around the message may be short at either end: older ones are asked for until one comes back short.
    getNextPageParam: (last, _all, lastParam) => {
      const before = lastParam === undefined ? last[0]?.id : olderPageParam(pageSize)(last);
      return before === undefined ? undefined : { before };
    },
    // Newer ones until a page holds fewer than the server gives after a message: the latest is reached.
    getPreviousPageParam: (first, _all, firstParam) => {
      const newer = firstParam === undefined ? first.filter((m) => m.id >= away!).length : first.length + 1;
      const after = first[first.length - 1]?.id;
      return newer < newerPart || after === undefined ? undefined : { after };
    },
    enabled: away !== null,
    staleTime: Infinity,
  });
  const aroundMessages = flattenPages(around.data);

  const jumpTo = (id: number, token = Date.now()) => {
    setFocus({ id, token });
    if (away !== null && aroundMessages.some((m) => m.id === id)) return;
    setAway(loaded.some((m) => m.id === id) ? null : id);
  };

  // Another message asked for by the address while the conversation is open (a second search result in it).
  const [linkSeen, setLinkSeen] = useState(linked);
  if (linked !== linkSeen) {
    setLinkSeen(linked);
    if (linked) jumpTo(linked, (focus?.token ?? 0) + 1);
  }

  return {
    jumpTo: (id: number) => jumpTo(id),
    focus,
    /** Showing the pages of a jump rather than the latest messages. */
    away: away !== null,
    /** The pages to show: the jump's while away, else null (the history itself). */
    history: away !== null ? around : null,
    messages: away !== null ? aroundMessages : loaded,
    backToLatest: () => {
      setAway(null);
      setFocus(null);
      // The address no longer names a message: a reload opens the latest, as the member now sees.
      if (linked)
        setParams(
          (now) => {
            const next = new URLSearchParams(now);
            next.delete('around');
            return next;
          },
          { replace: true },
        );
    },
  };
}

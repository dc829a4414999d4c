import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { reloadQueries } from '../reload-queries';

/**
 * The loaded history of one conversation, whatever its kind: pages oldest-first inside, page 0 the newest page and
 * later pages going back in time. These small, pure updates serve socket events and mutations of every kind.
 */
export type MessagePages<M> = InfiniteData<M[], number | undefined>;

interface Identified {
  id: number;
}

/** Oldest to newest across pages. */
export const flattenPages = <M>(data: { pages: M[][] } | undefined): M[] => (data ? [...data.pages].reverse().flat() : []);

/**
 * A reload of a history already on its way (a reconnect's catch-up) may have left before the change just applied
 * (a message, a read) was stored, and its answer would replace the history without it: that answer is dropped and
 * the history asked again.
 */
export function askAgainIfReloading(queryClient: QueryClient, key: QueryKey) {
  if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') void queryClient.invalidateQueries({ queryKey: key, exact: true });
}

/** Puts a message in its history once, replacing the copy it holds (an edit, a reaction) or appending it in order. */
export function upsertInPages<M extends Identified>(queryClient: QueryClient, key: QueryKey, message: M) {
  // History still loading (or never loaded): a fetch started before this message was stored would miss it.
  if (!queryClient.getQueryData(key)) {
    void reloadQueries(queryClient, key);
    return;
  }
  queryClient.setQueryData<MessagePages<M>>(key, (data) => {
    if (!data) return data;
    let found = false;
    const pages = data.pages.map((page) =>
      page.map((m) => {
        if (m.id !== message.id) return m;
        found = true;
        return message;
      }),
    );
    if (!found) pages[0] = [...(pages[0] ?? []), message].sort((a, b) => a.id - b.id);
    return { ...data, pages };
  });
  askAgainIfReloading(queryClient, key);
  replaceInJumps(queryClient, key, message);
}

/**
 * The key of the pages shown after a jump to a message the loaded history did not hold (a pin): the page around it
 * and older ones, kept under the history's key so whatever asks the history again asks these too.
 */
export const jumpKey = (key: QueryKey, messageId: number) => [...key, 'around', messageId] as const;

/** A changed message (an edit, a reaction, a pin) in the pages of a jump too; a new one never lands there (see use-jump). */
function replaceInJumps<M extends Identified>(queryClient: QueryClient, key: QueryKey, message: M) {
  queryClient.setQueriesData<MessagePages<M>>({ queryKey: [...key, 'around'] }, (data) =>
    data?.pages.some((page) => page.some((m) => m.id === message.id))
      ? { ...data, pages: data.pages.map((page) => page.map((m) => (m.id === message.id ? message : m))) }
      : data,
  );
}

/** Changes every loaded message `change` returns a new copy of (the others are kept as they are). */
export function mapPages<M>(queryClient: QueryClient, key: QueryKey, change: (message: M) => M) {
  queryClient.setQueryData<MessagePages<M>>(key, (data) => (data ? { ...data, pages: data.pages.map((page) => page.map(change)) } : data));
}

export function removeFromPages<M extends Identified>(queryClient: QueryClient, key: QueryKey, id: number) {
  queryClient.setQueryData<MessagePages<M>>(key, (data) =>
    data ? { ...data, pages: data.pages.map((page) => page.filter((m) => m.id !== id)) } : data,
  );
}

/** The next (older) page starts before the oldest message of a full page; a short page is the first of the history. */
export const olderPageParam =
  (pageSize: number) =>
  <M extends Identified>(last: M[]) =>
    last.length < pageSize ? undefined : last[0]?.id;

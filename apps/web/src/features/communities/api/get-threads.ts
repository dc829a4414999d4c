import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cursorPagesQuery } from '../../../lib/cursor-pages';
import { communityKeys } from './keys';
import type { DiscussionThread } from './types';

export const getThreads = (id: number, before: number | null) =>
  api<{ threads: DiscussionThread[]; next_cursor: number | null }>(`/communities/${id}/threads`, { query: { before } });

export const threadsQuery = (id: number) => cursorPagesQuery(communityKeys.tab(id, 'threads'), (before) => getThreads(id, before));

export const useThreads = (id: number) => useInfiniteQuery(threadsQuery(id));

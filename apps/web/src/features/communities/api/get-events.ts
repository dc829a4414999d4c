import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cursorPagesQuery } from '../../../lib/cursor-pages';
import { communityKeys } from './keys';
import type { CommunityEvent } from './types';

/** Upcoming first, by start time. */
export const getEvents = (id: number, before: number | null) =>
  api<{ events: CommunityEvent[]; next_cursor: number | null }>(`/communities/${id}/events`, { query: { before } });

export const eventsQuery = (id: number) => cursorPagesQuery(communityKeys.tab(id, 'events'), (before) => getEvents(id, before));

export const useEvents = (id: number) => useInfiniteQuery(eventsQuery(id));

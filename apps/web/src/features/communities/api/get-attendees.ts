import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { CommunityUser } from './types';

/** Everyone who said they go to an event. */
export const getAttendees = (id: number, eventId: number) =>
  api<{ attendees: CommunityUser[] }>(`/communities/${id}/events/${eventId}/attendees`);

export const attendeesQuery = (id: number, eventId: number) =>
  queryOptions({
    queryKey: [...communityKeys.tab(id, 'events'), eventId, 'attendees'],
    queryFn: () => getAttendees(id, eventId),
    select: (d) => d.attendees,
  });

export const useAttendees = (id: number, eventId: number | null) =>
  useQuery({ ...attendeesQuery(id, eventId ?? 0), enabled: eventId !== null });

import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import { useRefreshingMutation } from './refreshing-mutation';
import type { CommunityEvent } from './types';

export const rsvpEvent = (id: number, eventId: number, going: boolean) =>
  api<CommunityEvent>(`/communities/${id}/events/${eventId}/rsvp`, { method: 'PUT', body: { going } });

export const useRsvpEvent = (id: number) =>
  useRefreshingMutation(
    ({ eventId, going }: { eventId: number; going: boolean }) => rsvpEvent(id, eventId, going),
    communityKeys.tab(id, 'events'),
  );

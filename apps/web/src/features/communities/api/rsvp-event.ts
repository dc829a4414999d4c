import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { CommunityEvent } from './types';

export const rsvpEvent = (id: number, eventId: number, going: boolean) =>
  api<CommunityEvent>(`/communities/${id}/events/${eventId}/rsvp`, { method: 'PUT', body: { going } });

export function useRsvpEvent(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, going }: { eventId: number; going: boolean }) => rsvpEvent(id, eventId, going),
    onSuccess: () => void qc.invalidateQueries({ queryKey: communityKeys.tab(id, 'events') }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { CommunityEvent } from './types';

export interface EventInput {
  kind: CommunityEvent['kind'];
  title: string;
  description: string;
  link: string | null;
  starts_at: string;
}

export const createEvent = (id: number, input: EventInput) =>
  api<CommunityEvent>(`/communities/${id}/events`, { method: 'POST', body: input });

export function useCreateEvent(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput) => createEvent(id, input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: communityKeys.tab(id, 'events') }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

/** No notifications or unread badge from the community for this member, for good or until a time. */
export const setMuted = (id: number, muted: boolean, until?: string) =>
  api<unknown>(`/communities/${id}/mute`, { method: 'PUT', body: { muted, ...(until && { until }) } });

export function useMute(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ muted, until }: { muted: boolean; until?: string }) => setMuted(id, muted, until),
    onSuccess: () => void qc.invalidateQueries({ queryKey: communityKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { muteResultSchema, z } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { Community } from './types';

/** No notifications or unread badge from the community for this member, for good or until a time. */
export const setMuted = (id: number, muted: boolean, until?: string) =>
  api<z.infer<typeof muteResultSchema>>(`/communities/${id}/mute`, { method: 'PUT', body: { muted, ...(until && { until }) } });

export function useMute(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ muted, until }: { muted: boolean; until?: string }) => setMuted(id, muted, until),
    onSuccess: ({ muted, muted_until }) => {
      qc.setQueryData<Community>(communityKeys.detail(id), (c) => (c ? { ...c, muted, muted_until } : c));
      // A muted community counts nothing: the badges and the header's counter follow, and the lists show the mute.
      void qc.invalidateQueries({ queryKey: communityKeys.unread });
      void qc.invalidateQueries({ queryKey: communityKeys.lists() });
    },
  });
}

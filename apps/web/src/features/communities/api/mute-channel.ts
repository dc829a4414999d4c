import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { patchChannel } from './channels-cache';
import { communityKeys } from './keys';

/** One channel without notifications for this member; its unread count still shows, greyed, and leaves the community's. */
export const setChannelMuted = (id: number, channelId: number, muted: boolean) =>
  api<unknown>(`/communities/${id}/channels/${channelId}/mute`, { method: 'PUT', body: { muted } });

export function useMuteChannel(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, muted }: { channelId: number; muted: boolean }) => setChannelMuted(id, channelId, muted),
    onSuccess: (_, { channelId, muted }) => {
      patchChannel(qc, id, channelId, () => ({ muted }));
      // A muted channel's messages leave the community's count.
      void qc.invalidateQueries({ queryKey: communityKeys.unread });
    },
  });
}

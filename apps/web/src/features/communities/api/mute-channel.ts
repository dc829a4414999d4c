import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { channelMuteResultSchema, z } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { patchChannel } from './channels-cache';
import { communityKeys } from './keys';

/** One channel without notifications for this member; its unread count still shows, greyed, and leaves the community's. */
export const setChannelMuted = (id: number, channelId: number, muted: boolean) =>
  api<z.infer<typeof channelMuteResultSchema>>(`/communities/${id}/channels/${channelId}/mute`, { method: 'PUT', body: { muted } });

export function useMuteChannel(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, muted }: { channelId: number; muted: boolean }) => setChannelMuted(id, channelId, muted),
    onSuccess: ({ channel_id, muted }) => {
      patchChannel(qc, id, channel_id, () => ({ muted }));
      // A muted channel's messages leave the community's count.
      void qc.invalidateQueries({ queryKey: communityKeys.unread });
    },
  });
}

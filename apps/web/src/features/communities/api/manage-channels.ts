import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dropChannel, moveChannel, putChannel } from './channels-cache';
import { communityKeys } from './keys';
import type { Channel } from './types';

export interface ChannelInput {
  name: string;
  topic?: string;
  kind?: Channel['kind'];
}

/** Admins: a new channel (201 with it), a change (name, topic, kind, or its place in the list), a deletion (204). */
export const createChannel = (id: number, body: ChannelInput) => api<Channel>(`/communities/${id}/channels`, { method: 'POST', body });
export const updateChannel = (id: number, channelId: number, body: Partial<ChannelInput> & { position?: number }) =>
  api<Channel>(`/communities/${id}/channels/${channelId}`, { method: 'PATCH', body });
export const deleteChannel = (id: number, channelId: number) => api<void>(`/communities/${id}/channels/${channelId}`, { method: 'DELETE' });

/** The server answers one channel; the others' places may have moved too, so the list is asked again. */
const refresh = (qc: ReturnType<typeof useQueryClient>, id: number) => void qc.invalidateQueries({ queryKey: communityKeys.channels(id) });

export function useCreateChannel(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChannelInput) => createChannel(id, body),
    onSuccess: (channel) => putChannel(qc, id, channel),
  });
}

export function useUpdateChannel(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, ...body }: Partial<ChannelInput> & { channelId: number }) => updateChannel(id, channelId, body),
    onSuccess: (channel) => putChannel(qc, id, channel),
  });
}

/** Moves a channel to `place` (1 is right under the first channel, which stays first); shown at once. */
export function useMoveChannel(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, place }: { channelId: number; place: number }) => updateChannel(id, channelId, { position: place }),
    onMutate: ({ channelId, place }) => moveChannel(qc, id, channelId, place),
    onSettled: () => refresh(qc, id),
  });
}

export function useDeleteChannel(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (channelId: number) => deleteChannel(id, channelId),
    onSuccess: (_, channelId) => {
      dropChannel(qc, id, channelId);
      qc.removeQueries({ queryKey: communityKeys.channelMessages(id, channelId) });
    },
  });
}

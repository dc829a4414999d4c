import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sortChannels, type ChannelList } from './channels-cache';
import { communityKeys } from './keys';

/** The community's channels in their order, each with the member's unread count and mute. */
export const getChannels = (id: number) => api<ChannelList>(`/communities/${id}/channels`);

export const channelsQuery = (id: number) =>
  queryOptions({
    queryKey: communityKeys.channels(id),
    queryFn: () => getChannels(id),
    select: (data: ChannelList) => sortChannels(data.channels),
  });

export const useChannels = (id: number) => useQuery(channelsQuery(id));

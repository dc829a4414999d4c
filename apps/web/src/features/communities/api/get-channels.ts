import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { sortChannels, type ChannelList } from './channels-cache';
import { communityKeys } from './keys';

/** The community's channels in their order, each with the member's unread count and mute. */
export const getChannels = (id: number) => api<ChannelList>(`/communities/${id}/channels`);

export const channelsQuery = (id: number) =>
  queryOptions({
    queryKey: communityKeys.channels(id),
    queryFn: () => getChannels(id),
    select: (data: ChannelList) => sortChannels(data.channels),
    // A refusal (not a member, or a server without channels) is an answer: the chat shows at once, as it can.
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

export const useChannels = (id: number) => useQuery(channelsQuery(id));

import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { CommunityMessage } from './types';

/** A channel's pinned messages the member may see, newest pin first (moderators pin: the message menu's Pin). */
export const getChannelPins = (id: number, channelId: number) =>
  api<{ pins: CommunityMessage[] }>(`/communities/${id}/channels/${channelId}/pins`);

export const useChannelPins = (id: number, channelId: number) =>
  useQuery({ queryKey: communityKeys.pins(id, channelId), queryFn: () => getChannelPins(id, channelId) });

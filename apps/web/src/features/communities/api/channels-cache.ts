import type { QueryClient } from '@tanstack/react-query';
import type { ChannelsChangedEvent } from '@tribeverse/shared';
import { communityKeys } from './keys';
import type { Channel } from './types';

/** GET …/channels as it is cached: the server's answer, sorted on the way out (`sortChannels`). */
export interface ChannelList {
  channels: Channel[];
}

/** The list's order: by position (the first channel is 0), then by age. */
export const sortChannels = (channels: Channel[]) => [...channels].sort((a, b) => a.position - b.position || a.id - b.id);

const cached = (qc: QueryClient, communityId: number) => qc.getQueryData<ChannelList>(communityKeys.channels(communityId))?.channels;

export const channelOf = (qc: QueryClient, communityId: number, channelId: number) =>
  cached(qc, communityId)?.find((c) => c.id === channelId);

const update = (qc: QueryClient, communityId: number, change: (channels: Channel[]) => Channel[]) =>
  qc.setQueryData<ChannelList>(communityKeys.channels(communityId), (data) => (data ? { channels: change(data.channels) } : data));

/** Changes one channel in place (its unread count, mute, a rename). */
export const patchChannel = (qc: QueryClient, communityId: number, channelId: number, patch: (channel: Channel) => Partial<Channel>) =>
  update(qc, communityId, (channels) => channels.map((c) => (c.id === channelId ? { ...c, ...patch(c) } : c)));

/** A channel made or changed by this member: put in, or over the copy already there (the live event may come first). */
export const putChannel = (qc: QueryClient, communityId: number, channel: Channel) =>
  update(qc, communityId, (channels) => {
    const before = channels.find((c) => c.id === channel.id);
    return [...channels.filter((c) => c !== before), { ...before, ...channel }];
  });

export const dropChannel = (qc: QueryClient, communityId: number, channelId: number) =>
  update(qc, communityId, (channels) => channels.filter((c) => c.id !== channelId));

/**
 * Moves a channel to a place in the list at once, renumbering the positions as the server will (0, 1, 2...), so the
 * list does not jump back while the change is on its way.
 */
export const moveChannel = (qc: QueryClient, communityId: number, channelId: number, place: number) =>
  update(qc, communityId, (channels) => {
    const order = sortChannels(channels);
    const moving = order.find((c) => c.id === channelId);
    if (!moving) return channels;
    const rest = order.filter((c) => c !== moving);
    rest.splice(place, 0, moving);
    return rest.map((c, position) => ({ ...c, position }));
  });

/**
 * community:channels:changed carries the list without the member's own figures: each channel keeps its unread count
 * and mute, a new one starts at none. Answers the ids of the channels that are gone, for what waited for them.
 */
export function applyChannelsChanged(qc: QueryClient, event: ChannelsChangedEvent): number[] {
  const before = cached(qc, event.community_id);
  if (!before) return [];
  const mine = new Map(before.map((c) => [c.id, c]));
  update(qc, event.community_id, () =>
    event.channels.map((c) => ({ ...c, unread: mine.get(c.id)?.unread ?? 0, muted: mine.get(c.id)?.muted ?? false })),
  );
  const now = new Set(event.channels.map((c) => c.id));
  return before.filter((c) => !now.has(c.id)).map((c) => c.id);
}

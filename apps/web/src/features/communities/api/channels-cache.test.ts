import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { threeChannels } from '../channels.test-support';
import { aMessage } from '../test-fixtures';
import { upsertCommunityMessage } from './cache';
import { applyChannelsChanged, moveChannel, sortChannels, type ChannelList } from './channels-cache';
import type { CommunityMessagePages } from './get-messages';
import { communityKeys } from './keys';

const withChannels = () => {
  const qc = new QueryClient();
  qc.setQueryData<ChannelList>(communityKeys.channels(5), { channels: threeChannels() });
  return qc;
};
const channels = (qc: QueryClient) => sortChannels(qc.getQueryData<ChannelList>(communityKeys.channels(5))!.channels);
const history = (qc: QueryClient, channelId: number) =>
  qc
    .getQueryData<CommunityMessagePages>(communityKeys.channelMessages(5, channelId))
    ?.pages.flat()
    .map((m) => m.id);

describe('community channel cache', () => {
  it("a changed list from the server keeps each channel's unread count and mute, and tells which channels are gone", () => {
    const qc = withChannels();
    const gone = applyChannelsChanged(qc, {
      community_id: 5,
      channels: [
        { id: 1, name: 'general', topic: '', kind: 'text', position: 0 },
        { id: 2, name: 'updates', topic: 'Renamed', kind: 'announcements', position: 1 },
        { id: 9, name: 'new-one', topic: '', kind: 'text', position: 2 },
      ],
    });
    expect(gone).toEqual([3]);
    expect(channels(qc).map((c) => [c.id, c.name, c.unread, c.muted])).toEqual([
      [1, 'general', 0, false],
      [2, 'updates', 3, false],
      [9, 'new-one', 0, false],
    ]);
  });

  it('a changed list for a community whose channels are not held here is not made up from the event alone', () => {
    const qc = new QueryClient();
    expect(applyChannelsChanged(qc, { community_id: 5, channels: [] })).toEqual([]);
    expect(qc.getQueryData(communityKeys.channels(5))).toBeUndefined();
  });

  it("a message goes into its channel's history, and its pin into the channel's pins", () => {
    const qc = withChannels();
    for (const id of [1, 3])
      qc.setQueryData<CommunityMessagePages>(communityKeys.channelMessages(5, id), { pages: [[]], pageParams: [undefined] });
    qc.setQueryData(communityKeys.pins(5, 3), { pins: [] });
    upsertCommunityMessage(qc, aMessage({ id: 40, channel_id: 3, pinned: true }));
    upsertCommunityMessage(qc, aMessage({ id: 41, channel_id: 1 }));
    expect(history(qc, 3)).toEqual([40]);
    expect(history(qc, 1)).toEqual([41]);
    expect(qc.getQueryData<{ pins: { id: number }[] }>(communityKeys.pins(5, 3))!.pins.map((m) => m.id)).toEqual([40]);
    upsertCommunityMessage(qc, aMessage({ id: 40, channel_id: 3, pinned: false }));
    expect(qc.getQueryData<{ pins: { id: number }[] }>(communityKeys.pins(5, 3))!.pins).toEqual([]);
  });

  it('a move renumbers the places as the server will, and the first channel stays first', () => {
    const qc = withChannels();
    moveChannel(qc, 5, 3, 1);
    expect(channels(qc).map((c) => [c.id, c.position])).toEqual([
      [1, 0],
      [3, 1],
      [2, 2],
    ]);
  });
});

import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import type { ForwardTargetList, ForwardTargetOption } from '../../../lib/conversation/forwarding';
import { channelsQuery } from '../api/get-channels';
import { communitiesQuery } from '../api/get-communities';
import { canPostIn } from '../components/channel-rights';

/**
 * The channels the member may post in, in every community they are a member of, as places to forward a message to
 * (an announcements channel only for moderators and up). Fetched only while `open`.
 */
export function useChannelForwardTargets(open: boolean): ForwardTargetList {
  const mine = useInfiniteQuery({ ...communitiesQuery({ mine: true }), enabled: open });
  const communities = open ? (mine.data?.pages.flatMap((p) => p.communities) ?? []).filter((c) => c.my_status === 'member') : [];
  const channels = useQueries({ queries: communities.map((c) => channelsQuery(c.id)) });
  const targets: ForwardTargetOption[] = communities.flatMap((community, i) =>
    (channels[i]?.data ?? [])
      .filter((channel) => canPostIn(community, channel))
      .map((channel) => ({
        key: `channel:${community.id}:${channel.id}`,
        name: `#${channel.name}`,
        also: community.name,
        avatar: community.image,
        detail: `Channel · ${community.name}`,
        to: { community_id: community.id, channel_id: channel.id },
        href: paths.community.channel.getHref(community.id, channel.id),
      })),
  );
  return {
    targets,
    pending: open && (mine.isPending || channels.some((q) => q.isPending)),
    failed: mine.isError,
    retry: () => void mine.refetch(),
  };
}

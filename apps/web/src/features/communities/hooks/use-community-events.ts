import { useEffect, useLayoutEffect } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  ChannelsChangedEvent,
  CommunityMembershipChangedEvent,
  CommunityMembershipRemovedEvent,
  CommunityReadEvent,
  CommunityTabChangedEvent,
} from '@tribeverse/shared';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../../lib/auth';
import { useSocket } from '../../../lib/socket-provider';
import { listen } from '../../../lib/socket-listen';
import { channelKey, openConversation } from '../../../lib/conversation/open-conversation';
import { setUnread, upsertCommunityMessage } from '../api/cache';
import { applyChannelsChanged, patchChannel } from '../api/channels-cache';
import { communityKeys } from '../api/keys';
import type { Community, CommunityMessage, CommunityOnline, CommunityPage } from '../api/types';
import { communityOutbox } from '../stores/outbox';
import { useCommunitySender } from './use-community-sender';
import { reloadQueries } from '../../../lib/reload-queries';

const nameOf = (qc: ReturnType<typeof useQueryClient>, id: number) =>
  qc.getQueryData<Community>(communityKeys.detail(id))?.name ?? 'the community';

/**
 * Keeps every community cache and the header's counter in step with the socket. Mounted once in the member layout,
 * so each event is handled once, whatever page is open; after a (re)connect the server is asked again and pending
 * messages go again with their client_id.
 */
export function CommunityEventsBridge() {
  const socket = useSocket();
  const qc = useQueryClient();
  const me = useAuth().user?.id ?? null;
  const { retryFailed } = useCommunitySender();
  useLayoutEffect(() => communityOutbox.load(me), [me]);
  // A message whose file comes back after a reload goes as soon as it is whole.
  useEffect(() => communityOutbox.onFilesBack(retryFailed), [retryFailed]);

  useEffect(() => {
    if (!socket) return;
    const refreshUnread = () => void qc.invalidateQueries({ queryKey: communityKeys.unread });
    const onNew = (message: CommunityMessage) => {
      if (message.sender_id === me) communityOutbox.remove(message.client_id);
      upsertCommunityMessage(qc, message);
      // The channel being read reads it at once (use-community-read); counting it here could land after that read.
      if (message.sender_id === me || openConversation.get() === channelKey(message.community_id, message.channel_id)) return;
      patchChannel(qc, message.community_id, message.channel_id, (c) => ({ unread: c.unread + 1 }));
      refreshUnread();
    };
    const onChanged = (message: CommunityMessage) => upsertCommunityMessage(qc, message);
    const onDeleted = (message: CommunityMessage) => {
      upsertCommunityMessage(qc, message);
      refreshUnread();
      void qc.invalidateQueries({ queryKey: communityKeys.channels(message.community_id) });
    };
    // Added, renamed, moved or deleted: the list follows; what waited for a deleted channel goes with it.
    const onChannelsChanged = (e: ChannelsChangedEvent) => {
      for (const gone of applyChannelsChanged(qc, e)) {
        communityOutbox.dropChannel(e.community_id, gone);
        qc.removeQueries({ queryKey: communityKeys.channelMessages(e.community_id, gone) });
      }
    };
    const onOnline = (e: CommunityOnline) => {
      // The view asked over HTTP at connect can be answered from before this socket joined the room (no one here)
      // and land after this event: that older answer is dropped, never put over the event's. Every later change of
      // the room comes as another such event, so nothing is lost.
      const online = communityKeys.online(e.community_id);
      void qc.cancelQueries({ queryKey: online }).then(() => qc.setQueryData(online, e));
      qc.setQueryData<Community>(communityKeys.detail(e.community_id), (c) => (c ? { ...c, online_count: e.online_count } : c));
      // The lists (the chat list's 'N online') follow too, without asking the server again.
      qc.setQueriesData<InfiniteData<CommunityPage>>({ queryKey: communityKeys.lists() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                communities: p.communities.map((c) => (c.id === e.community_id ? { ...c, online_count: e.online_count } : c)),
              })),
            }
          : data,
      );
    };
    /** Someone else joined, asked, left or was removed: the community's member list, requests and figures. */
    const refreshMembers = (communityId: number) => {
      for (const key of [communityKeys.members(communityId), communityKeys.requests(communityId), communityKeys.detail(communityId)])
        void qc.invalidateQueries({ queryKey: key });
    };
    const onChangedMembership = (e: CommunityMembershipChangedEvent) => {
      if (e.user_id === me) {
        const before = qc.getQueryData<Community>(communityKeys.detail(e.community_id))?.my_status;
        if (before === 'requested' && e.status === 'member')
          toast.success(`Your request to join ${nameOf(qc, e.community_id)} was approved`);
        void qc.invalidateQueries({ queryKey: communityKeys.all });
      } else refreshMembers(e.community_id);
    };
    const onRemoved = (e: CommunityMembershipRemovedEvent) => {
      if (e.user_id === me) {
        if (e.reason === 'declined') toast.info(`Your request to join ${nameOf(qc, e.community_id)} was declined`);
        else if (e.reason !== 'left') toast.info(`You were ${e.reason} from ${nameOf(qc, e.community_id)}`);
        communityOutbox.dropCommunity(e.community_id);
        qc.removeQueries({ queryKey: communityKeys.messages(e.community_id) });
        void qc.invalidateQueries({ queryKey: communityKeys.all });
      } else refreshMembers(e.community_id);
    };
    // A read here or in another tab; in a channel, that channel's count too.
    const onRead = (e: CommunityReadEvent) => {
      setUnread(qc, e.community_id, e.unread, e.total_unread);
      const { channel_id, channel_unread } = e;
      if (channel_id !== undefined && channel_unread !== undefined)
        patchChannel(qc, e.community_id, channel_id, () => ({ unread: channel_unread }));
    };
    const onUpdated = (e: { community_id: number }) => {
      void qc.invalidateQueries({ queryKey: communityKeys.detail(e.community_id) });
      void qc.invalidateQueries({ queryKey: communityKeys.lists() });
    };
    // A tab's lists (and their threads' replies, events' attendees) ask again only where they are on screen.
    const onTabChanged = (e: CommunityTabChangedEvent) => void qc.invalidateQueries({ queryKey: communityKeys.tab(e.community_id, e.tab) });
    const onDeletedCommunity = (e: { community_id: number }) => {
      communityOutbox.dropCommunity(e.community_id);
      qc.removeQueries({ queryKey: communityKeys.messages(e.community_id) });
      void qc.invalidateQueries({ queryKey: communityKeys.all });
    };
    // Every connect, the first too: what was sent between the HTTP loads and the socket joining the rooms is fetched.
    const onConnect = () => {
      // First loads on their way too: a message sent while this socket was connecting reached nobody here.
      void reloadQueries(qc, ['communities', 'messages']);
      void qc.invalidateQueries({ queryKey: ['communities', 'online'] });
      void qc.invalidateQueries({ queryKey: ['communities', 'channels'] });
      void qc.invalidateQueries({ queryKey: ['communities', 'pins'] });
      refreshUnread();
      retryFailed();
    };
    return listen(socket, {
      'community:message:new': onNew,
      'community:message:updated': onChanged,
      'community:message:deleted': onDeleted,
      'community:message:reacted': onChanged,
      'community:online': onOnline,
      'community:membership:changed': onChangedMembership,
      'community:membership:removed': onRemoved,
      'community:read': onRead,
      'community:updated': onUpdated,
      'community:deleted': onDeletedCommunity,
      'community:tab:changed': onTabChanged,
      'community:channels:changed': onChannelsChanged,
      connect: onConnect,
    });
  }, [socket, qc, me, retryFailed]);
  return null;
}

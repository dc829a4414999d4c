import { Link, Navigate, useParams } from 'react-router';
import { ListError } from '../../../components/ui/list-error';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/format';
import { useChannels } from '../api/get-channels';
import { useCommunity } from '../api/get-community';
import { ChannelList } from './channel-list';
import { JoinButton } from './join-button';
import { CommunityChatList } from './community-chat-list';
import { CommunityChatView } from './community-chat-view';
import { useWatchCommunityChat } from '../hooks/use-watch-community-chat';

const toId = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

function OpenChat({ id, channelId }: { id: number; channelId: number | null }) {
  const community = useCommunity(id);
  // Asked with the community, not after it: the first channel's messages wait for the list.
  const channels = useChannels(id);
  // Open, the chat counts the member among those chatting (the header's count), whichever channel shows.
  useWatchCommunityChat(id, community.data?.my_status === 'member');
  if (community.isPending) return <Spinner label="Loading the chat" />;
  if (community.isError) return <p className="self-center text-red-300">{errorMessage(community.error, 'This chat is not available')}</p>;
  const c = community.data;
  // Left, removed or banned meanwhile: the chat is gone at once, with a way back.
  if (c.my_status !== 'member')
    return (
      <div className="flex flex-col items-center justify-center gap-3 text-center text-slate-300">
        <p>You are not a member of {c.name}.</p>
        <JoinButton community={c} className="min-h-11" />
        <Link to={paths.community.chat.getHref()} className="text-brand-400 underline">
          Back to your communities
        </Link>
      </div>
    );
  if (channels.isPending) return <Spinner label="Loading the channels" />;
  if (channels.isError)
    return (
      <ListError onRetry={() => void channels.refetch()} className="self-center">
        {errorMessage(channels.error, 'Could not load the channels.')}
      </ListError>
    );
  const list = channels.data;
  const named = list.find((ch) => ch.id === channelId);
  const channel = named ?? list[0];
  if (!channel) return <p className="self-center text-slate-300">This community has no channel.</p>;
  return (
    <div className="flex min-h-0 min-w-0 flex-1 gap-4">
      {/* A channel deleted meanwhile, or an address made up: the community's address, on its first channel. */}
      {channelId !== null && !named && <Navigate to={paths.community.current.getHref(id)} replace />}
      <ChannelList
        community={c}
        channels={list}
        currentId={channel.id}
        className="hidden w-52 shrink-0 border-r border-slate-800 pr-2 xl:flex"
      />
      <CommunityChatView key={`${id}:${channel.id}`} community={c} channel={channel} channels={list} />
    </div>
  );
}

/**
 * /scan-chat/community[/{chatId}[/{channelId}]]: the member's communities and the open chat, on its first channel or
 * the one named; on a phone one or the other.
 */
export function CommunityChatPage() {
  const params = useParams();
  const id = toId(params.chatId);
  const channelId = toId(params.channelId);
  return (
    <div className="grid min-h-[24rem] flex-1 basis-0 grid-cols-1 grid-rows-[minmax(0,1fr)] gap-4 md:grid-cols-[18rem_minmax(0,1fr)]">
      <CommunityChatList activeId={id} hideOnPhone={id !== null} />
      {id ? (
        <OpenChat id={id} channelId={channelId} />
      ) : (
        <p className="hidden self-center text-center text-slate-400 md:block">Pick a community to chat</p>
      )}
    </div>
  );
}

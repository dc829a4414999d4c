import { Link, useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/format';
import { useCommunity } from '../api/get-community';
import { JoinButton } from './join-button';
import { CommunityChatList } from './community-chat-list';
import { CommunityChatView } from './community-chat-view';

const toId = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

function OpenChat({ id }: { id: number }) {
  const community = useCommunity(id);
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
  return <CommunityChatView key={id} community={c} />;
}

/** /scan-chat/community[/{chatId}]: the member's communities and the open chat; on a phone one or the other. */
export function CommunityChatPage() {
  const id = toId(useParams().chatId);
  return (
    <div className="grid min-h-[24rem] flex-1 basis-0 grid-cols-1 grid-rows-[minmax(0,1fr)] gap-4 md:grid-cols-[18rem_minmax(0,1fr)]">
      <CommunityChatList activeId={id} hideOnPhone={id !== null} />
      {id ? <OpenChat id={id} /> : <p className="hidden self-center text-center text-slate-400 md:block">Pick a community to chat</p>}
    </div>
  );
}

import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useChatUsers } from '../api/get-chat-users';
import { ChatSidebar } from './chat-sidebar';
import { ConversationView } from './conversation-view';

/** Side by side from this width; below it a phone shows the list or one conversation, as chat apps do. */
const WIDE = '(min-width: 768px)';
const isWide = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches;

const toPeerId = (value: string | null | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** /scan-chat/private[/{chatId}] (or ?peer=): the people list and the current chat side by side. */
export function PrivateChatPage() {
  const { chatId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const peerId = toPeerId(chatId) ?? toPeerId(params.get('peer'));
  const users = useChatUsers('');

  // With no chat id, the first user is opened (replacing the history entry) where both panes fit; on a phone the
  // list is the screen, otherwise there would be no way back to it.
  const first = users.data?.pages[0]?.users[0]?.id;
  useEffect(() => {
    if (!peerId && first && isWide()) navigate(paths.chat.private.conversation.getHref(first), { replace: true });
  }, [peerId, first, navigate]);

  // Fills the height the header leaves (basis 0 so long histories scroll inside, not the page); never shorter than
  // a usable chat on very small screens.
  return (
    <div className="grid min-h-[24rem] flex-1 basis-0 grid-cols-1 grid-rows-[minmax(0,1fr)] gap-4 md:grid-cols-[18rem_minmax(0,1fr)]">
      {/* The page's one h1, for screen readers: the list and the conversation below have their own visible headings. */}
      <h1 className="sr-only">Private chats</h1>
      <ChatSidebar activePeerId={peerId} hideOnPhone={peerId !== null} />
      {peerId ? (
        <ConversationView key={peerId} peerId={peerId} />
      ) : (
        <p className="hidden self-center text-center text-slate-400 md:block">Select a user</p>
      )}
    </div>
  );
}

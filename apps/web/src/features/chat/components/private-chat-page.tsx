import { useParams, useSearchParams } from 'react-router';
import { ChatSidebar } from './chat-sidebar';
import { ConversationView } from './conversation-view';
import { GroupView } from './group-view';

const toId = (value: string | null | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /scan-chat/private[/{chatId}] (or ?peer=), and /scan-chat/private/group/{groupId}: the chat list and the current
 * chat side by side (on a phone one or the other). With no chat id nothing is opened for the member, not even on a
 * desktop: opening a conversation marks it read, so picking one for them made unread messages vanish unseen (the
 * spec's redirect to the first user was the mock-up's behaviour). The pane says 'Select a user' until they pick one.
 */
export function PrivateChatPage() {
  const { chatId, groupId: groupParam } = useParams();
  const [params] = useSearchParams();
  const groupId = toId(groupParam);
  const peerId = groupId ? null : (toId(chatId) ?? toId(params.get('peer')));
  const open = peerId !== null || groupId !== null;

  // Fills the height the header leaves (basis 0 so long histories scroll inside, not the page); never shorter than
  // a usable chat on very small screens.
  return (
    <div className="grid min-h-[24rem] flex-1 basis-0 grid-cols-1 grid-rows-[minmax(0,1fr)] gap-4 md:grid-cols-[18rem_minmax(0,1fr)]">
      {/* The page's one h1, for screen readers: the list and the conversation below have their own visible headings. */}
      <h1 className="sr-only">Private chats</h1>
      <ChatSidebar activePeerId={peerId} activeGroupId={groupId} hideOnPhone={open} />
      {groupId ? (
        <GroupView key={`group-${groupId}`} groupId={groupId} />
      ) : peerId ? (
        <ConversationView key={peerId} peerId={peerId} />
      ) : (
        <p className="hidden self-center text-center text-slate-400 md:block">Select a user</p>
      )}
    </div>
  );
}

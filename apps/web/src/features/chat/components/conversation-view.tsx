import { useCallback, useState } from 'react';
import type { ChatMessage } from '@tribeverse/shared';
import { appChoose } from '../../../components/ui/app-dialog';
import { ConversationPane } from '../../../components/conversation/conversation-pane';
import { MessageBubble, type MessageActions } from '../../../components/conversation/message-bubble';
import { CallLineItem } from '../../../components/conversation/call-line';
import { useMessageReport } from '../../../components/report/message-report';
import { useAuth } from '../../../lib/auth';
import { useConversationTimeline } from '../../../lib/conversation/use-conversation-timeline';
import { useReplyOrEdit } from '../../../lib/conversation/use-reply-or-edit';
import { useSocket } from '../../../lib/socket-provider';
import { directHistory } from '../api/get-messages';
import { useMessageMutation } from '../api/message-mutation';
import { setPinned, usePins } from '../api/pins';
import { usePeer } from '../api/get-peer';
import { useDeleteMessage } from '../api/delete-message';
import { useEditMessage } from '../api/edit-message';
import { useReactToMessage } from '../api/react-to-message';
import { useDeleteMessageForMe } from '../api/delete-message-for-me';
import { useChatSender } from '../hooks/use-chat-sender';
import { useMarkRead } from '../hooks/use-mark-read';
import { usePresenceWatch } from '../hooks/use-presence-watch';
import { usePendingMessages } from '../stores/outbox';
import { ConversationHeader } from './conversation-header';
import { ForwardDialog } from './forward-dialog';
import { displayName } from './format';

/** The current private chat: the shared timeline, bubbles and composer, with a direct chat's header and rules. */
export function ConversationView({ peerId }: { peerId: number }) {
  const me = useAuth().user?.id ?? 0;
  const socket = useSocket();
  const peer = usePeer(peerId);
  const outgoing = usePendingMessages({ peer_id: peerId });
  const { send, retry } = useChatSender();
  const mode = useReplyOrEdit<ChatMessage>();
  const timeline = useConversationTimeline(directHistory(peerId), outgoing);
  const { messages } = timeline;
  const blocked = peer.data?.blocked || peer.data?.can_message === false || peer.isError;

  usePresenceWatch(peerId, peer.data?.can_message === true);
  // Reading the open conversation marks it read (badge, header counter, and the sender's ticks).
  useMarkRead(peerId, [...messages].reverse().find((m) => m.sender_id === peerId && !m.deleted)?.id);

  const editMessage = useEditMessage();
  const deleteMessage = useDeleteMessage();
  const deleteForMe = useDeleteMessageForMe(peerId);
  const reactToMessage = useReactToMessage();
  const pinMessage = useMessageMutation(
    ({ id, pinned }: { id: number; pinned: boolean }) => setPinned(id, pinned),
    'Could not change the pin.',
  );
  const pins = usePins(peerId);
  const [forwarding, setForwarding] = useState<ChatMessage | null>(null);
  const onTyping = useCallback(
    (typing: boolean) => socket?.emit(typing ? 'typing:start' : 'typing:stop', { peer_id: peerId }),
    [socket, peerId],
  );

  const report = useMessageReport(messages, (m) => (m.sender_id === me ? 'You' : displayName(peer.data?.peer)));

  const actions: MessageActions<ChatMessage> = {
    onReply: mode.reply,
    onEdit: mode.edit,
    onDelete: async (m) => {
      // As in Telegram: anyone may clear a message from their own view; only its sender may take it back for both.
      const choice = await appChoose({
        title: 'Delete message?',
        message: m.sender_id === me ? undefined : 'It will be gone for you only; the sender keeps it.',
        choices: [
          { value: 'me', label: 'Delete for me', tone: m.sender_id === me ? 'secondary' : 'danger' },
          ...(m.sender_id === me && !m.deleted
            ? [{ value: 'everyone' as const, label: 'Delete for everyone', tone: 'danger' as const }]
            : []),
        ],
      });
      if (choice === 'everyone') deleteMessage.mutate(m.id);
      if (choice === 'me') deleteForMe.mutate(m.id);
    },
    onReact: (m, emoji, on) => reactToMessage.mutate({ id: m.id, emoji, on }),
    // Either person pins; across a block only unpinning is left (the server holds it too).
    canPin: (m) => m.pinned || !peer.data?.blocked,
    onPin: (m, pinned) => pinMessage.mutate({ id: m.id, pinned }),
    onForward: setForwarding,
    onReport: report.onReport,
  };

  return (
    <ConversationPane
      aria-label="Current chat"
      className="flex min-h-0 flex-1 flex-col gap-2"
      header={<ConversationHeader peerId={peerId} />}
      timeline={timeline}
      pins={pins.data?.pins ?? []}
      pinAuthor={(m) => (m.sender_id === me ? 'You' : displayName(peer.data?.peer))}
      renderMessage={(m) =>
        m.call ? (
          <CallLineItem call={m.call} mine={m.sender_id === me} at={m.created_at} />
        ) : (
          <MessageBubble message={m} me={me} actions={actions} />
        )
      }
      onRetry={retry}
      mode={mode}
      notice={
        peer.data?.blocked ? (
          <p className="text-center text-xs text-slate-400">You blocked this member. Unblock to send messages.</p>
        ) : (
          peer.data?.can_message === false && <p className="text-center text-xs text-slate-400">You cannot message this member.</p>
        )
      }
      composer={{
        draftKey: String(peerId),
        disabled: blocked,
        onTyping,
        onSend: (input) => send({ peer_id: peerId, ...input }),
        onSaveEdit: (message, text) => editMessage.mutate({ id: message.id, text }),
      }}
    >
      <ForwardDialog message={forwarding} onClose={() => setForwarding(null)} />
      {report.dialog}
    </ConversationPane>
  );
}

import { useCallback, useRef, useState } from 'react';
import { LIMITS, type ChatMessage } from '@tribeverse/shared';
import { appChoose } from '../../../components/ui/app-dialog';
import { Composer, type ComposerHandle } from '../../../components/conversation/composer';
import { FileDropZone } from '../../../components/conversation/file-drop-zone';
import { MessageBubble, PendingBubble, type MessageActions } from '../../../components/conversation/message-bubble';
import { PinnedBar } from '../../../components/conversation/pinned-bar';
import { Timeline } from '../../../components/conversation/timeline';
import { useAuth } from '../../../lib/auth';
import { useJump } from '../../../lib/conversation/use-jump';
import { useReplyOrEdit } from '../../../lib/conversation/use-reply-or-edit';
import { useSocket } from '../../../lib/socket-provider';
import { flattenPages, getMessages, getMessagesAround, useMessages } from '../api/get-messages';
import { chatKeys } from '../api/keys';
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
  const history = useMessages(peerId);
  const peer = usePeer(peerId);
  const outgoing = usePendingMessages({ peer_id: peerId });
  const { send, retry } = useChatSender();
  const mode = useReplyOrEdit<ChatMessage>();
  const messages = flattenPages(history.data);
  // A message restored after a reload may have been stored before it: shown once, as stored.
  const storedClientIds = new Set(messages.map((m) => m.client_id));
  const pending = outgoing.filter((p) => !storedClientIds.has(p.client_id));
  const composer = useRef<ComposerHandle>(null);
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
  const jump = useJump({
    historyKey: chatKeys.messages(peerId),
    loaded: messages,
    fetchAround: (id) => getMessagesAround(peerId, id),
    fetchBefore: (id) => getMessages(peerId, id),
    pageSize: LIMITS.chatHistoryPage,
  });
  const onTyping = useCallback(
    (typing: boolean) => socket?.emit(typing ? 'typing:start' : 'typing:stop', { peer_id: peerId }),
    [socket, peerId],
  );

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
  };

  return (
    <FileDropZone
      aria-label="Current chat"
      enabled={!blocked && !mode.editing}
      onFiles={(files) => composer.current?.addFiles(files)}
      className="flex min-h-0 flex-1 flex-col gap-2"
    >
      <ConversationHeader peerId={peerId} />
      <PinnedBar
        pins={pins.data?.pins ?? []}
        onJump={(m) => jump.jumpTo(m.id)}
        authorOf={(m) => (m.sender_id === me ? 'You' : displayName(peer.data?.peer))}
      />
      <Timeline
        history={jump.history ?? history}
        messages={jump.messages}
        pending={jump.away ? [] : pending}
        renderMessage={(m) => <MessageBubble message={m} me={me} actions={actions} />}
        renderPending={(p) => <PendingBubble pending={p} onRetry={() => void retry(p)} />}
        focus={jump.focus}
        onBackToLatest={jump.away ? jump.backToLatest : undefined}
      />
      {peer.data?.blocked ? (
        <p className="text-center text-xs text-slate-400">You blocked this member. Unblock to send messages.</p>
      ) : (
        peer.data?.can_message === false && <p className="text-center text-xs text-slate-400">You cannot message this member.</p>
      )}
      <Composer
        ref={composer}
        draftKey={String(peerId)}
        disabled={blocked}
        replyTo={mode.replyTo}
        editing={mode.editing}
        onCancel={mode.clear}
        onTyping={onTyping}
        onSend={(input) => {
          send({ peer_id: peerId, text: input.text, file: input.file, reply_to: input.reply_to });
          mode.clear();
          // What one sends is seen where it lands: among the latest messages.
          jump.backToLatest();
        }}
        onSaveEdit={(message, text) => {
          mode.clear();
          editMessage.mutate({ id: message.id, text });
        }}
      />
      <ForwardDialog message={forwarding} onClose={() => setForwarding(null)} />
    </FileDropZone>
  );
}

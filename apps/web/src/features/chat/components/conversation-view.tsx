import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChatMessage } from '@tribeverse/shared';
import { Spinner } from '../../../components/ui/spinner';
import { Alert } from '../../../components/ui/alert';
import { appChoose } from '../../../components/ui/app-dialog';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/format';
import { flattenPages, useMessages } from '../api/get-messages';
import { usePeer } from '../api/get-peer';
import { useDeleteMessage } from '../api/delete-message';
import { useEditMessage } from '../api/edit-message';
import { useReactToMessage } from '../api/react-to-message';
import { useDeleteMessageForMe } from '../api/delete-message-for-me';
import { useChatSender } from '../hooks/use-chat-sender';
import { useMarkRead } from '../hooks/use-mark-read';
import { usePresenceWatch } from '../hooks/use-presence-watch';
import { useStickToBottom } from '../hooks/use-stick-to-bottom';
import { useToday } from '../../../lib/use-today';
import { usePendingMessages, type PendingMessage } from '../stores/outbox';
import { Composer, type ComposerHandle } from './composer';
import { ConversationHeader } from './conversation-header';
import { withDaySeparators } from '../../../lib/day-label';
import { FileDropZone } from './file-drop-zone';
import { MessageBubble, PendingBubble, type MessageActions } from './message-bubble';

/** The current private chat: history (newest at the bottom, older pages on scroll-up), pending sends and the composer. */
export function ConversationView({ peerId }: { peerId: number }) {
  const me = useAuth().user?.id ?? 0;
  const history = useMessages(peerId);
  const peer = usePeer(peerId);
  const outgoing = usePendingMessages(peerId);
  const { send, retry } = useChatSender();
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const messages = flattenPages(history.data);
  // A message restored after a reload may have been stored before it: shown once, as stored.
  const storedClientIds = new Set(messages.map((m) => m.client_id));
  const pending = outgoing.filter((p) => !storedClientIds.has(p.client_id));
  const list = useRef<HTMLDivElement>(null);
  const listContent = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const lastId = messages[messages.length - 1]?.id;
  const composer = useRef<ComposerHandle>(null);
  const today = useToday();
  // Regrouped on every render from the whole loaded history, so older pages and live messages land under the right day.
  const timeline = withDaySeparators<ChatMessage | PendingMessage>(
    [...messages, ...pending],
    (m) => ('id' in m ? new Date(m.created_at) : null),
    today,
  );
  const blocked = peer.data?.blocked || peer.data?.can_message === false || peer.isError;

  // Newest at the bottom: follow new messages; after loading an older page, keep what the member was looking at.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else el.scrollTop = el.scrollHeight;
  }, [messages.length, pending.length, lastId]);

  useStickToBottom(list, listContent);
  usePresenceWatch(peerId, peer.data?.can_message === true);

  const onScroll = () => {
    const el = list.current;
    if (!el || el.scrollTop > 40 || !history.hasNextPage || history.isFetchingNextPage) return;
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void history.fetchNextPage();
  };

  // Reading the open conversation marks it read (badge, header counter, and the sender's ticks).
  useMarkRead(peerId, [...messages].reverse().find((m) => m.sender_id === peerId && !m.deleted)?.id);

  useEffect(() => {
    setReplyTo(null);
    setEditing(null);
  }, [peerId]);

  const editMessage = useEditMessage();
  const deleteMessage = useDeleteMessage();
  const deleteForMe = useDeleteMessageForMe(peerId);
  const reactToMessage = useReactToMessage();

  const actions: MessageActions = {
    onReply: (m) => {
      setEditing(null);
      setReplyTo(m);
    },
    onEdit: (m) => {
      setReplyTo(null);
      setEditing(m);
    },
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
  };

  return (
    <FileDropZone
      aria-label="Current chat"
      enabled={!blocked && !editing}
      onFiles={(files) => composer.current?.addFiles(files)}
      className="flex min-h-0 flex-1 flex-col gap-2"
    >
      <ConversationHeader peerId={peerId} />
      <div ref={list} onScroll={onScroll} data-testid="message-list" className="min-h-0 flex-1 overflow-y-auto pr-1">
        <div ref={listContent}>
          {history.isFetchingNextPage && (
            <div className="flex justify-center py-2">
              <Spinner label="Loading older messages" />
            </div>
          )}
          {history.isPending ? (
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          ) : history.isError ? (
            <Alert className="my-8 text-center">
              {errorMessage(history.error, 'Could not load messages')}{' '}
              <button type="button" className="min-h-11 px-2 font-semibold underline" onClick={() => void history.refetch()}>
                Retry
              </button>
            </Alert>
          ) : !messages.length && !pending.length ? (
            <p className="py-8 text-center text-sm text-slate-400">No messages yet. Say hello!</p>
          ) : (
            <ul className="flex flex-col gap-2 py-2">
              {timeline.map((entry) =>
                entry.kind === 'day' ? (
                  <li key={`day-${entry.label}`} className="my-1 flex justify-center">
                    <h3 className="rounded-full bg-slate-800/80 px-3 py-0.5 text-xs font-medium text-slate-300">{entry.label}</h3>
                  </li>
                ) : 'id' in entry.item ? (
                  <MessageBubble key={entry.item.id} message={entry.item} me={me} actions={actions} />
                ) : (
                  <PendingBubble key={entry.item.client_id} pending={entry.item} onRetry={() => void retry(entry.item as PendingMessage)} />
                ),
              )}
            </ul>
          )}
        </div>
      </div>
      {peer.data?.blocked ? (
        <p className="text-center text-xs text-slate-400">You blocked this member. Unblock to send messages.</p>
      ) : (
        peer.data?.can_message === false && <p className="text-center text-xs text-slate-400">You cannot message this member.</p>
      )}
      <Composer
        ref={composer}
        peerId={peerId}
        disabled={blocked}
        replyTo={replyTo}
        editing={editing}
        onCancel={() => {
          setReplyTo(null);
          setEditing(null);
        }}
        onSend={(input) => {
          send({ peer_id: peerId, text: input.text, file: input.file, reply_to: input.reply_to });
          setReplyTo(null);
        }}
        onSaveEdit={(message, text) => {
          setEditing(null);
          editMessage.mutate({ id: message.id, text });
        }}
      />
    </FileDropZone>
  );
}

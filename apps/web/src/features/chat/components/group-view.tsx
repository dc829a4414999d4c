import { useCallback, useRef, useState } from 'react';
import { COMMUNITY_LIMITS, LIMITS, type ConversationMessage, type GroupMember } from '@tribeverse/shared';
import { Composer, type ComposerHandle } from '../../../components/conversation/composer';
import { FileDropZone } from '../../../components/conversation/file-drop-zone';
import { MessageBubble, PendingBubble } from '../../../components/conversation/message-bubble';
import { PinnedBar } from '../../../components/conversation/pinned-bar';
import { SystemLine } from '../../../components/conversation/system-line';
import { Timeline } from '../../../components/conversation/timeline';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { flattenPages } from '../../../lib/conversation/message-pages';
import { systemText } from '../../../lib/conversation/system-text';
import { typingText } from '../../../lib/conversation/typing-text';
import { useJump } from '../../../lib/conversation/use-jump';
import { useReplyOrEdit } from '../../../lib/conversation/use-reply-or-edit';
import { useSocket } from '../../../lib/socket-provider';
import { getGroupMessages, getGroupMessagesAround, useGroup, useGroupMessages, useGroupReads } from '../api/groups';
import { chatKeys } from '../api/keys';
import { useGroupPins } from '../api/pins';
import { useChatSender } from '../hooks/use-chat-sender';
import { useGroupMessageActions } from '../hooks/use-group-message-actions';
import { useMarkGroupRead } from '../hooks/use-mark-read';
import { useRemovedFromGroup } from '../stores/groups';
import { usePendingMessages } from '../stores/outbox';
import { useGroupTyping } from '../stores/typing';
import { ForwardDialog } from './forward-dialog';
import { displayName } from './format';
import { GroupHeader } from './group-header';
import { GroupInfoPanel } from './group-info-panel';

/** Who wrote what: the group's members now, and the senders of loaded messages (who may have left since). */
function namesOf(members: GroupMember[] | undefined, messages: ConversationMessage[]) {
  const names = new Map<number, string>();
  for (const m of messages) names.set(m.sender.id, displayName(m.sender));
  for (const m of members ?? []) names.set(m.id, displayName(m));
  return names;
}

/**
 * A group conversation: the shared timeline, bubbles and composer, with the senders' names and avatars, the lines
 * the group writes itself, 'Seen by N' under the member's newest message, and the group's info panel.
 */
export function GroupView({ groupId }: { groupId: number }) {
  const me = useAuth().user?.id ?? 0;
  const socket = useSocket();
  const group = useGroup(groupId);
  const history = useGroupMessages(groupId);
  const removed = useRemovedFromGroup(groupId);
  // Removed while the page is open (group:removed), or the server no longer shows the group to them (a reload).
  const out = removed || (group.error instanceof ApiError && group.error.status === 404);
  const outgoing = usePendingMessages({ group_id: groupId });
  const { send, retry } = useChatSender();
  const mode = useReplyOrEdit<ConversationMessage>();
  const [forwarding, setForwarding] = useState<ConversationMessage | null>(null);
  const { actions, saveEdit } = useGroupMessageActions(groupId, me, mode, {
    isAdmin: group.data?.my_role === 'admin',
    onForward: setForwarding,
  });
  const pins = useGroupPins(groupId);
  const reads = useGroupReads(groupId).data?.reads ?? [];
  const typers = useGroupTyping(groupId).filter((id) => id !== me);
  const [infoOpen, setInfoOpen] = useState(false);
  const composer = useRef<ComposerHandle>(null);

  const messages = flattenPages(history.data);
  const storedClientIds = new Set(messages.map((m) => m.client_id));
  const pending = outgoing.filter((p) => !storedClientIds.has(p.client_id));
  const jump = useJump({
    historyKey: chatKeys.groupMessages(groupId),
    loaded: messages,
    fetchAround: (id) => getGroupMessagesAround(groupId, id),
    fetchBefore: (id) => getGroupMessages(groupId, id),
    pageSize: LIMITS.chatHistoryPage,
  });
  const names = namesOf(group.data?.members, messages);
  const nameOf = (id: number) => names.get(id) ?? null;

  useMarkGroupRead(groupId, out ? undefined : [...messages].reverse().find((m) => m.sender_id !== me)?.id);

  // 'Seen by N': the other members whose read position has reached the message (members now, when known).
  const readers = reads.filter((r) => r.user_id !== me && (!group.data || group.data.members.some((m) => m.id === r.user_id)));
  const seenBy = (id: number) => readers.filter((r) => r.last_read_id >= id).length;
  const onTyping = useCallback(
    (typing: boolean) => socket?.emit(typing ? 'typing:start' : 'typing:stop', { group_id: groupId }),
    [socket, groupId],
  );
  const myNewest = [...messages].reverse().find((m) => m.sender_id === me && !m.system && !m.deleted);

  const renderMessage = (m: ConversationMessage, previous: ConversationMessage | null) => {
    if (m.system) return <SystemLine text={systemText(m.system, nameOf, me)} />;
    const own = m.sender_id === me;
    const seen = own ? seenBy(m.id) : 0;
    return (
      <MessageBubble
        message={m}
        me={me}
        actions={actions}
        author={{
          name: displayName(m.sender),
          avatar: m.sender.avatar,
          first: !previous || !!previous.system || previous.sender_id !== m.sender_id,
        }}
        replyAuthor={m.reply_to ? (m.reply_to.sender_id === me ? 'You' : nameOf(m.reply_to.sender_id)) : null}
        receipt={own ? (seen > 0 ? 'read' : 'sent') : undefined}
        removedText="Removed by an admin"
        footer={
          m.id === myNewest?.id && seen > 0 ? (
            <p
              className="mt-0.5 mr-12 text-xs text-slate-400"
              title={readers
                .filter((r) => r.last_read_id >= m.id)
                .map((r) => nameOf(r.user_id) ?? 'a member')
                .join(', ')}
            >
              Seen by {seen}
            </p>
          ) : null
        }
      />
    );
  };

  return (
    <FileDropZone
      aria-label="Current chat"
      enabled={!out && !mode.editing}
      onFiles={(files) => composer.current?.addFiles(files)}
      className="flex min-h-0 flex-1 flex-col gap-2"
    >
      <GroupHeader
        group={group.data}
        typing={out ? '' : typingText(typers.map((id) => nameOf(id) ?? 'Someone'))}
        onInfo={group.data && !out ? () => setInfoOpen(true) : undefined}
      />
      {!out && (
        <PinnedBar
          pins={pins.data?.pins ?? []}
          onJump={(m) => jump.jumpTo(m.id)}
          authorOf={(m) => (m.sender_id === me ? 'You' : displayName(m.sender))}
        />
      )}
      {out && history.isError ? (
        <div className="flex-1" />
      ) : (
        <Timeline
          history={jump.history ?? history}
          messages={jump.messages}
          pending={jump.away ? [] : pending}
          renderMessage={renderMessage}
          renderPending={(p) => <PendingBubble pending={p} onRetry={() => void retry(p)} />}
          focus={jump.focus}
          onBackToLatest={jump.away ? jump.backToLatest : undefined}
        />
      )}
      {out ? (
        <Alert tone="info" className="text-center">
          You are no longer in this group.
        </Alert>
      ) : (
        <Composer
          ref={composer}
          draftKey={`group-${groupId}`}
          maxLength={COMMUNITY_LIMITS.messageMax}
          replyTo={mode.replyTo}
          editing={mode.editing}
          onCancel={mode.clear}
          onTyping={onTyping}
          onSend={(input) => {
            send({ group_id: groupId, text: input.text, file: input.file, reply_to: input.reply_to });
            mode.clear();
            // What one sends is seen where it lands: among the latest messages.
            jump.backToLatest();
          }}
          onSaveEdit={(message, text) => {
            mode.clear();
            saveEdit(message, text);
          }}
        />
      )}
      {group.data && <GroupInfoPanel group={group.data} open={infoOpen && !out} onOpenChange={setInfoOpen} />}
      <ForwardDialog message={forwarding} onClose={() => setForwarding(null)} />
    </FileDropZone>
  );
}

import { useCallback, useState } from 'react';
import { COMMUNITY_LIMITS, type ConversationMessage, type GroupMember } from '@tribeverse/shared';
import { ConversationPane } from '../../../components/conversation/conversation-pane';
import { MessageBubble } from '../../../components/conversation/message-bubble';
import { SystemLine } from '../../../components/conversation/system-line';
import { useMessageReport } from '../../../components/report/message-report';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { authorOf, replyAuthorOf } from '../../../lib/conversation/authors';
import { systemText } from '../../../lib/conversation/system-text';
import { typingText } from '../../../lib/conversation/typing-text';
import { useConversationTimeline } from '../../../lib/conversation/use-conversation-timeline';
import { useReplyOrEdit } from '../../../lib/conversation/use-reply-or-edit';
import { useSocket } from '../../../lib/socket-provider';
import { groupHistory, useGroup, useGroupReads } from '../api/groups';
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
  const timeline = useConversationTimeline(groupHistory(groupId), outgoing);
  const { messages } = timeline;
  const names = namesOf(group.data?.members, messages);
  const nameOf = (id: number) => names.get(id) ?? null;
  const report = useMessageReport(messages, (m) => (m.sender_id === me ? 'You' : displayName(m.sender)));
  const withReport = { ...actions, onReport: report.onReport };

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
        actions={withReport}
        author={authorOf(m, previous, displayName(m.sender))}
        replyAuthor={replyAuthorOf(m, me, nameOf)}
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
    <ConversationPane
      aria-label="Current chat"
      className="flex min-h-0 flex-1 flex-col gap-2"
      header={
        <GroupHeader
          group={group.data}
          typing={out ? '' : typingText(typers.map((id) => nameOf(id) ?? 'Someone'))}
          onInfo={group.data && !out ? () => setInfoOpen(true) : undefined}
        />
      }
      timeline={timeline}
      pins={out ? null : (pins.data?.pins ?? [])}
      pinAuthor={(m) => (m.sender_id === me ? 'You' : displayName(m.sender))}
      historyGone={out && timeline.query.isError}
      renderMessage={renderMessage}
      onRetry={retry}
      mode={mode}
      notice={
        out && (
          <Alert tone="info" className="text-center">
            You are no longer in this group.
          </Alert>
        )
      }
      composer={
        out
          ? null
          : {
              draftKey: `group-${groupId}`,
              maxLength: COMMUNITY_LIMITS.messageMax,
              onTyping,
              onSend: (input) => send({ group_id: groupId, ...input }),
              onSaveEdit: saveEdit,
              pollTarget: { kind: 'group', group_id: groupId },
            }
      }
    >
      {group.data && <GroupInfoPanel group={group.data} open={infoOpen && !out} onOpenChange={setInfoOpen} />}
      <ForwardDialog message={forwarding} onClose={() => setForwarding(null)} />
      {report.dialog}
    </ConversationPane>
  );
}

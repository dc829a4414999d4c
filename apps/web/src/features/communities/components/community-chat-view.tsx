import { useState } from 'react';
import { COMMUNITY_LIMITS } from '@tribeverse/shared';
import { Megaphone } from 'lucide-react';
import { ConversationPane } from '../../../components/conversation/conversation-pane';
import { MessageBubble } from '../../../components/conversation/message-bubble';
import { SystemLine } from '../../../components/conversation/system-line';
import { useAuth } from '../../../lib/auth';
import { authorOf, replyAuthorOf } from '../../../lib/conversation/authors';
import { systemText } from '../../../lib/conversation/system-text';
import { useConversationTimeline } from '../../../lib/conversation/use-conversation-timeline';
import { useReplyOrEdit } from '../../../lib/conversation/use-reply-or-edit';
import { channelHistory } from '../api/get-messages';
import { useChannelPins } from '../api/get-pins';
import { useOnline } from '../api/get-online';
import { displayName, type Channel, type Community, type CommunityMessage } from '../api/types';
import { useCommunityMessageActions } from '../hooks/use-community-message-actions';
import { useCommunityRead } from '../hooks/use-community-read';
import { useCommunitySender } from '../hooks/use-community-sender';
import { usePendingCommunityMessages } from '../stores/outbox';
import { ChannelBar } from './channel-bar';
import { canPostIn } from './channel-rights';
import { ChatSideModal, type SideModalTarget } from './chat-side-modal';
import { CommunityChatHeader } from './community-chat-header';

/** Why the member cannot write here, or null: an announcements channel, or a moderator's time-out. */
function readOnlyReason(community: Community, channel: Channel) {
  if (!canPostIn(community, channel)) return 'Only moderators can post here';
  const until = community.timeout_until;
  if (until && Date.parse(until) > Date.now())
    return `A moderator timed you out: you can write again at ${new Date(until).toLocaleString()}.`;
  return null;
}

/**
 * The community chat: header ('N people currently chatting'), the open channel (its name and topic, on a phone the
 * switch to another), and the shared timeline, bubbles and composer of every conversation, with the senders' names
 * and avatars (the avatar opens the member's actions), moderators' removals, the pinned bar (a tap jumps to the pin)
 * and moderators' pins, reports, and a notice instead of the composer where the member cannot write.
 */
export function CommunityChatView({ community, channel, channels }: { community: Community; channel: Channel; channels: Channel[] }) {
  const me = useAuth().user?.id ?? 0;
  const online = useOnline(community.id, true);
  const outgoing = usePendingCommunityMessages(community.id, channel.id, channels[0]?.id);
  const { send, retry } = useCommunitySender();
  const mode = useReplyOrEdit<CommunityMessage>();
  const [target, setTarget] = useState<SideModalTarget | null>(null);
  const readOnly = readOnlyReason(community, channel);
  const { actions, saveEdit } = useCommunityMessageActions(community, me, {
    canWrite: !readOnly,
    reply: mode.reply,
    edit: mode.edit,
    report: (m) => setTarget({ user: m.sender, message: m, report: true }),
  });

  const pins = useChannelPins(community.id, channel.id);
  const timeline = useConversationTimeline(channelHistory(community.id, channel.id), outgoing);
  const { messages } = timeline;
  const names = new Map(messages.map((m) => [m.sender.id, displayName(m.sender)]));
  const nameOf = (id: number) => names.get(id) ?? null;

  useCommunityRead(community.id, channel.id, [...messages].reverse().find((m) => m.sender_id !== me)?.id);

  const renderMessage = (m: CommunityMessage, previous: CommunityMessage | null) => {
    if (m.system) return <SystemLine text={systemText(m.system, nameOf, me)} />;
    return (
      <MessageBubble
        message={m}
        me={me}
        actions={actions}
        author={{ ...authorOf(m, previous, displayName(m.sender)), onOpen: () => setTarget({ user: m.sender, message: m }) }}
        replyAuthor={replyAuthorOf(m, me, nameOf)}
      />
    );
  };

  return (
    <ConversationPane
      aria-label="Community chat"
      className="flex min-h-0 min-w-0 flex-1 flex-col gap-2"
      header={
        <>
          <CommunityChatHeader community={community} online={online.data} onOpenActions={(user) => setTarget(user ? { user } : {})} />
          <ChannelBar community={community} channel={channel} channels={channels} />
        </>
      }
      timeline={timeline}
      pins={pins.data?.pins ?? []}
      pinAuthor={(m) => (m.sender_id === me ? 'You' : displayName(m.sender))}
      renderMessage={renderMessage}
      onRetry={(p) => retry(p)}
      mode={mode}
      notice={
        readOnly && (
          <p className="flex items-center justify-center gap-2 rounded-lg bg-slate-900 p-3 text-center text-sm text-slate-300">
            {!canPostIn(community, channel) && <Megaphone className="size-4 shrink-0" aria-hidden />} {readOnly}
          </p>
        )
      }
      composer={
        readOnly
          ? null
          : {
              draftKey: `community-${community.id}-${channel.id}`,
              maxLength: COMMUNITY_LIMITS.messageMax,
              onSend: (input) => send({ community_id: community.id, channel_id: channel.id, ...input }),
              onSaveEdit: saveEdit,
              pollTarget: { kind: 'channel', community_id: community.id, channel_id: channel.id },
            }
      }
    >
      <ChatSideModal community={community} target={target} me={me} onClose={() => setTarget(null)} />
    </ConversationPane>
  );
}

import { useRef, useState } from 'react';
import { COMMUNITY_LIMITS, LIMITS } from '@tribeverse/shared';
import { Megaphone } from 'lucide-react';
import { Composer, type ComposerHandle } from '../../../components/conversation/composer';
import { FileDropZone } from '../../../components/conversation/file-drop-zone';
import { MessageBubble, PendingBubble } from '../../../components/conversation/message-bubble';
import { PinnedBar } from '../../../components/conversation/pinned-bar';
import { SystemLine } from '../../../components/conversation/system-line';
import { Timeline } from '../../../components/conversation/timeline';
import { useAuth } from '../../../lib/auth';
import { flattenPages } from '../../../lib/conversation/message-pages';
import { systemText } from '../../../lib/conversation/system-text';
import { useJump } from '../../../lib/conversation/use-jump';
import { useReplyOrEdit } from '../../../lib/conversation/use-reply-or-edit';
import { getCommunityMessages, getCommunityMessagesAround, useCommunityMessages } from '../api/get-messages';
import { useChannelPins } from '../api/get-pins';
import { communityKeys } from '../api/keys';
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
  const history = useCommunityMessages(community.id, channel.id);
  const online = useOnline(community.id, true);
  const outgoing = usePendingCommunityMessages(community.id, channel.id, channels[0]?.id);
  const { send, retry } = useCommunitySender();
  const mode = useReplyOrEdit<CommunityMessage>();
  const [target, setTarget] = useState<SideModalTarget | null>(null);
  const composer = useRef<ComposerHandle>(null);
  const readOnly = readOnlyReason(community, channel);
  const { actions, saveEdit } = useCommunityMessageActions(community, me, {
    canWrite: !readOnly,
    reply: mode.reply,
    edit: mode.edit,
    report: (m) => setTarget({ user: m.sender, message: m, report: true }),
  });

  const messages = flattenPages(history.data);
  const stored = new Set(messages.map((m) => m.client_id));
  const pending = outgoing.filter((p) => !stored.has(p.client_id));
  const pins = useChannelPins(community.id, channel.id);
  // A pin tapped: the timeline goes to it, loading the page around it when the history does not hold it.
  const jump = useJump({
    historyKey: communityKeys.channelMessages(community.id, channel.id),
    loaded: messages,
    fetchAround: (id) => getCommunityMessagesAround(community.id, channel.id, id),
    fetchBefore: (id) => getCommunityMessages(community.id, channel.id, id),
    pageSize: LIMITS.chatHistoryPage,
  });
  const names = new Map(messages.map((m) => [m.sender.id, displayName(m.sender)]));
  const nameOf = (id: number) => names.get(id) ?? null;

  useCommunityRead(community.id, channel.id, [...messages].reverse().find((m) => m.sender_id !== me)?.id);

  const renderMessage = (m: CommunityMessage, previous: CommunityMessage | null) => {
    if (m.system) return <SystemLine text={systemText(m.system, nameOf, me)} />;
    const name = displayName(m.sender);
    return (
      <MessageBubble
        message={m}
        me={me}
        actions={actions}
        author={{
          name,
          avatar: m.sender.avatar,
          first: !previous || !!previous.system || previous.sender_id !== m.sender_id,
          onOpen: () => setTarget({ user: m.sender, message: m }),
        }}
        replyAuthor={m.reply_to ? (m.reply_to.sender_id === me ? 'You' : nameOf(m.reply_to.sender_id)) : null}
      />
    );
  };

  return (
    <FileDropZone
      aria-label="Community chat"
      enabled={!readOnly && !mode.editing}
      onFiles={(files) => composer.current?.addFiles(files)}
      className="flex min-h-0 min-w-0 flex-1 flex-col gap-2"
    >
      <CommunityChatHeader community={community} online={online.data} onOpenActions={(user) => setTarget(user ? { user } : {})} />
      <ChannelBar community={community} channel={channel} channels={channels} />
      <PinnedBar
        pins={pins.data?.pins ?? []}
        onJump={(m) => jump.jumpTo(m.id)}
        authorOf={(m) => (m.sender_id === me ? 'You' : displayName(m.sender))}
      />
      <Timeline
        history={jump.history ?? history}
        messages={jump.messages}
        pending={jump.away ? [] : pending}
        renderMessage={renderMessage}
        renderPending={(p) => <PendingBubble pending={p} onRetry={() => void retry(p)} />}
        focus={jump.focus}
        onBackToLatest={jump.away ? jump.backToLatest : undefined}
      />
      {readOnly ? (
        <p className="flex items-center justify-center gap-2 rounded-lg bg-slate-900 p-3 text-center text-sm text-slate-300">
          {!canPostIn(community, channel) && <Megaphone className="size-4 shrink-0" aria-hidden />} {readOnly}
        </p>
      ) : (
        <Composer
          ref={composer}
          draftKey={`community-${community.id}-${channel.id}`}
          maxLength={COMMUNITY_LIMITS.messageMax}
          replyTo={mode.replyTo}
          editing={mode.editing}
          onCancel={mode.clear}
          onSend={(input) => {
            send({ community_id: community.id, channel_id: channel.id, ...input });
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
      <ChatSideModal community={community} target={target} me={me} onClose={() => setTarget(null)} />
    </FileDropZone>
  );
}

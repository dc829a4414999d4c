import { useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { withDaySeparators } from '../../../lib/day-label';
import { useToday } from '../../../lib/use-today';
import { errorMessage } from '../../../lib/format';
import { upsertCommunityMessage } from '../api/cache';
import { flattenMessages, useCommunityMessages } from '../api/get-messages';
import { useOnline } from '../api/get-online';
import { deleteCommunityMessage, editCommunityMessage, reactToCommunityMessage } from '../api/message-actions';
import type { Channel, Community, CommunityMessage } from '../api/types';
import { useCommunityRead } from '../hooks/use-community-read';
import { useCommunitySender } from '../hooks/use-community-sender';
import { usePendingCommunityMessages, type PendingCommunityMessage } from '../stores/outbox';
import { ChannelBar } from './channel-bar';
import { canPostIn } from './channel-rights';
import { ChatSideModal, type SideModalTarget } from './chat-side-modal';
import { CommunityChatHeader } from './community-chat-header';
import { CommunityComposer } from './community-composer';
import { CommunityMessageItem, PendingCommunityItem, type CommunityMessageActions } from './community-message';

/**
 * The community chat: header, the open channel (its name and topic, on a phone the switch to another), its history
 * (older pages on scroll-up, by `before`), pending sends and the composer. Without channels (`channels` null: a server
 * from before them) the community's one history, as it was.
 */
export function CommunityChatView({
  community,
  channel,
  channels,
}: {
  community: Community;
  channel: Channel | null;
  channels: Channel[] | null;
}) {
  const me = useAuth().user?.id ?? 0;
  const qc = useQueryClient();
  const channelId = channel?.id ?? null;
  const history = useCommunityMessages(community.id, channelId);
  const online = useOnline(community.id, true);
  const outgoing = usePendingCommunityMessages(community.id, channelId, channels?.[0]?.id ?? null);
  const { send, retry } = useCommunitySender();
  const [replyTo, setReplyTo] = useState<CommunityMessage | null>(null);
  const [editing, setEditing] = useState<CommunityMessage | null>(null);
  const [deleting, setDeleting] = useState<CommunityMessage | null>(null);
  const [target, setTarget] = useState<SideModalTarget | null>(null);
  const messages = flattenMessages(history.data);
  const stored = new Set(messages.map((m) => m.client_id));
  const pending = outgoing.filter((p) => !stored.has(p.client_id));
  const list = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const lastId = messages[messages.length - 1]?.id;
  const canRemove = community.my_rights.includes('remove_message');
  const today = useToday();
  // Regrouped on every render, so older pages and live messages land under the right day.
  const timeline = withDaySeparators<CommunityMessage | PendingCommunityMessage>(
    [...messages, ...pending],
    (m) => ('id' in m ? new Date(m.created_at) : null),
    today,
  );
  const timedOutUntil = community.timeout_until && Date.parse(community.timeout_until) > Date.now() ? community.timeout_until : null;

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else el.scrollTop = el.scrollHeight;
  }, [messages.length, pending.length, lastId]);

  useCommunityRead(community.id, channelId, [...messages].reverse().find((m) => m.sender_id !== me)?.id ?? lastId, history.isSuccess);

  const onScroll = () => {
    const el = list.current;
    if (!el || el.scrollTop > 40 || !history.hasNextPage || history.isFetchingNextPage) return;
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void history.fetchNextPage();
  };

  const run = async (work: Promise<CommunityMessage>, fallback: string) => {
    try {
      upsertCommunityMessage(qc, await work);
    } catch (error) {
      toast.error(errorMessage(error, fallback));
    }
  };

  const actions: CommunityMessageActions = {
    onAvatar: (user, message) => setTarget({ user, message }),
    onReply: (m) => (setEditing(null), setReplyTo(m)),
    onEdit: (m) => (setReplyTo(null), setEditing(m)),
    onDelete: (m) => setDeleting(m),
    onReact: (m, emoji, on) => void run(reactToCommunityMessage(community.id, m.id, emoji, on), 'Could not react.'),
  };

  return (
    <section aria-label="Community chat" className="flex min-h-0 min-w-0 flex-1 flex-col gap-2">
      <CommunityChatHeader community={community} online={online.data} onOpenActions={(user) => setTarget(user ? { user } : {})} />
      {channel && channels && <ChannelBar community={community} channel={channel} channels={channels} />}
      <div ref={list} onScroll={onScroll} data-testid="community-message-list" className="min-h-0 flex-1 overflow-y-auto pr-1">
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
          <p className="py-8 text-center text-sm text-red-300">{errorMessage(history.error, 'Could not load messages')}</p>
        ) : !messages.length && !pending.length ? (
          <p className="py-8 text-center text-sm text-slate-400">No messages yet. Say hello!</p>
        ) : (
          <ul className="flex flex-col gap-3 py-2">
            {timeline.map((entry) =>
              entry.kind === 'day' ? (
                <li key={`day-${entry.label}`} className="my-1 flex justify-center">
                  <h3 className="rounded-full bg-slate-800 px-3 py-0.5 text-xs font-medium text-slate-200">{entry.label}</h3>
                </li>
              ) : 'id' in entry.item ? (
                <CommunityMessageItem key={entry.item.id} message={entry.item} me={me} canRemove={canRemove} actions={actions} />
              ) : (
                <PendingCommunityItem
                  key={entry.item.client_id}
                  pending={entry.item}
                  onRetry={() => void retry(entry.item as PendingCommunityMessage)}
                />
              ),
            )}
          </ul>
        )}
      </div>
      {!canPostIn(community, channel) ? (
        <p className="flex items-center justify-center gap-2 rounded-lg bg-slate-900 p-3 text-center text-sm text-slate-300">
          <Megaphone className="size-4 shrink-0" aria-hidden /> Only moderators can post here
        </p>
      ) : (
        <CommunityComposer
          disabledReason={
            timedOutUntil ? `A moderator timed you out: you can write again at ${new Date(timedOutUntil).toLocaleString()}.` : null
          }
          replyTo={replyTo}
          editing={editing}
          onCancel={() => (setReplyTo(null), setEditing(null))}
          onSend={(input) => {
            send({ community_id: community.id, ...(channelId && { channel_id: channelId }), ...input });
            setReplyTo(null);
          }}
          onSaveEdit={(message, text) => {
            setEditing(null);
            void run(editCommunityMessage(community.id, message.id, text), 'Could not edit the message.');
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={deleting?.sender_id === me ? 'Delete message' : 'Remove message'}
        confirmLabel={deleting?.sender_id === me ? 'Delete' : 'Remove'}
        onConfirm={async () => {
          if (deleting) upsertCommunityMessage(qc, await deleteCommunityMessage(community.id, deleting.id));
        }}
      >
        {deleting?.sender_id === me
          ? 'Delete this message for everyone?'
          : 'Remove this message for everyone? The removal is recorded in the audit log.'}
      </ConfirmDialog>
      <ChatSideModal community={community} target={target} me={me} onClose={() => setTarget(null)} />
    </section>
  );
}

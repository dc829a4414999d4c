import clsx from 'clsx';
import { useState } from 'react';
import { QUICK_REACTIONS } from '@tribeverse/shared';
import { Paperclip, SmilePlus } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { SwipeReplyHint } from '../../../components/ui/swipe-reply-hint';
import { formatTime } from '../../../lib/datetime';
import { useSwipeToReply } from '../../../lib/use-swipe-to-reply';
import { MessageMedia } from '../../../components/ui/message-media';
import { displayName, type CommunityMessage, type CommunityUser } from '../api/types';
import type { PendingCommunityMessage } from '../stores/outbox';

/** '2764-fe0f' -> '❤️' */
const emojiOf = (unified: string) => String.fromCodePoint(...unified.split('-').map((h) => parseInt(h, 16)));

export interface CommunityMessageActions {
  onAvatar(user: CommunityUser, message: CommunityMessage): void;
  onReply(message: CommunityMessage): void;
  onEdit(message: CommunityMessage): void;
  onDelete(message: CommunityMessage): void;
  onReact(message: CommunityMessage, emoji: string, on: boolean): void;
}

/**
 * A community message: the sender's avatar (opens the side modal about them) and name, reply quote, text or file,
 * reactions; Reply for all, Edit/Delete for one's own, Remove for those with remove_message.
 */
export function CommunityMessageItem({
  message,
  me,
  canRemove,
  actions,
}: {
  message: CommunityMessage;
  me: number;
  canRemove: boolean;
  actions: CommunityMessageActions;
}) {
  const own = message.sender_id === me;
  const [menu, setMenu] = useState(false);
  const name = displayName(message.sender);
  const gone = message.deleted || message.removed;
  const swipe = useSwipeToReply(gone ? null : () => actions.onReply(message));
  return (
    <li data-testid="community-message" data-own={own} className={clsx('group relative flex gap-2', own && 'flex-row-reverse')}>
      <SwipeReplyHint pull={swipe.pull} ready={swipe.ready} />
      <button
        type="button"
        onClick={() => actions.onAvatar(message.sender, message)}
        aria-label={`${name}: actions`}
        className="size-11 shrink-0 self-start rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
      >
        <Avatar src={message.sender.avatar} name={name} size={36} />
      </button>
      <div className={clsx('relative flex max-w-[78%] min-w-0 flex-col', own ? 'items-end' : 'items-start')}>
        <div
          {...swipe.handlers}
          style={swipe.style}
          className={clsx(
            'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
            swipe.className,
            own ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-slate-800 text-slate-100',
          )}
        >
          {!own && <p className="mb-0.5 text-xs font-semibold text-accent-200">{name}</p>}
          {message.reply_to && (
            <p className="mb-1 border-l-2 border-white/40 pl-2 text-xs opacity-90">
              {message.reply_to.deleted ? 'Message deleted' : message.reply_to.text || 'Attachment'}
            </p>
          )}
          {gone ? (
            <em className="opacity-80">{message.removed ? 'Removed by a moderator' : 'Message deleted'}</em>
          ) : (
            <>
              <MessageMedia message={message} />
              {message.text && <span>{message.text}</span>}
            </>
          )}
          <span className="ml-2 text-[11px] opacity-90">
            {message.edited_at && !gone && 'edited '}
            <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
          </span>
        </div>
        {message.reactions.length > 0 && (
          <div className="mt-1 flex flex-wrap gap-1">
            {message.reactions.map((r) => {
              const mine = r.user_ids.includes(me);
              return (
                <button
                  key={r.emoji}
                  type="button"
                  aria-pressed={mine}
                  onClick={() => actions.onReact(message, r.emoji, !mine)}
                  className={clsx(
                    'min-h-11 min-w-11 rounded-full border px-2 text-xs',
                    mine ? 'border-brand-400 bg-brand-600/30' : 'border-slate-700 bg-slate-900',
                  )}
                >
                  {emojiOf(r.emoji)} {r.count}
                </button>
              );
            })}
          </div>
        )}
        {!gone && (
          // Under the bubble on a phone; on wider screens a toolbar beside it on hover or focus (no gap when idle).
          <div
            className={clsx(
              'mt-0.5 flex gap-1 text-xs text-slate-300 sm:pointer-events-none sm:absolute sm:top-0 sm:z-10 sm:mt-0 sm:whitespace-nowrap sm:rounded-lg sm:border sm:border-slate-700 sm:bg-slate-900 sm:opacity-0',
              'sm:group-focus-within:pointer-events-auto sm:group-focus-within:opacity-100 sm:group-hover:pointer-events-auto sm:group-hover:opacity-100',
              own ? 'sm:right-full sm:mr-1' : 'sm:left-full sm:ml-1',
            )}
          >
            <button
              type="button"
              onClick={() => setMenu((m) => !m)}
              aria-expanded={menu}
              aria-label="React"
              className="min-h-11 min-w-11 rounded px-1.5 hover:bg-slate-800"
            >
              <SmilePlus className="size-4" />
            </button>
            <button type="button" onClick={() => actions.onReply(message)} className="min-h-11 min-w-11 rounded px-1.5 hover:bg-slate-800">
              Reply
            </button>
            {own && message.text && (
              <button type="button" onClick={() => actions.onEdit(message)} className="min-h-11 min-w-11 rounded px-1.5 hover:bg-slate-800">
                Edit
              </button>
            )}
            {(own || canRemove) && (
              <button
                type="button"
                onClick={() => actions.onDelete(message)}
                className="min-h-11 min-w-11 rounded px-1.5 text-red-300 hover:bg-slate-800"
              >
                {own ? 'Delete' : 'Remove'}
              </button>
            )}
          </div>
        )}
        {menu && (
          <div
            role="menu"
            aria-label="Quick reactions"
            className="mt-1 flex flex-wrap gap-1 rounded-full border border-slate-700 bg-slate-900 px-2 py-1"
          >
            {QUICK_REACTIONS.map((emoji) => {
              const mine = message.reactions.some((r) => r.emoji === emoji && r.user_ids.includes(me));
              return (
                <button
                  key={emoji}
                  type="button"
                  role="menuitem"
                  aria-label={`React ${emojiOf(emoji)}`}
                  onClick={() => {
                    actions.onReact(message, emoji, !mine);
                    setMenu(false);
                  }}
                  className={clsx('min-h-11 min-w-11 rounded-full text-lg hover:bg-slate-800', mine && 'bg-brand-600/40')}
                >
                  {emojiOf(emoji)}
                </button>
              );
            })}
          </div>
        )}
      </div>
    </li>
  );
}

export function PendingCommunityItem({ pending, onRetry }: { pending: PendingCommunityMessage; onRetry(): void }) {
  return (
    <li data-testid="community-message" data-own data-pending={pending.status} className="flex flex-col items-end">
      <div className="max-w-[78%] rounded-2xl rounded-br-sm bg-brand-700 px-3 py-2 text-sm break-words whitespace-pre-wrap text-white">
        {pending.file && (
          <span className="mb-1 flex items-center gap-1 text-xs">
            <Paperclip className="size-3.5 shrink-0" aria-hidden /> {pending.file.name}
          </span>
        )}
        {pending.text}
        <span className="ml-2 text-[11px]">{pending.status === 'sending' ? 'Sending…' : 'Not sent'}</span>
      </div>
      {pending.status === 'failed' && (
        <p className="mt-0.5 text-xs text-red-300">
          {pending.error}{' '}
          <button type="button" onClick={onRetry} className="min-h-11 underline">
            Retry
          </button>
        </p>
      )}
    </li>
  );
}

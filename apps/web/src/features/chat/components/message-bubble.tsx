import clsx from 'clsx';
import { useState } from 'react';
import type { ChatMessage } from '@tribeverse/shared';
import { Check, CheckCheck, Paperclip, Timer } from 'lucide-react';
import { LinkifiedText } from '../../../components/ui/linkified-text';
import { SwipeReplyHint } from '../../../components/ui/swipe-reply-hint';
import { formatTime } from '../../../lib/datetime';
import { useLongPress } from '../../../lib/use-long-press';
import { MessageMedia } from '../../../components/ui/message-media';
import { combineHandlers, useSwipeToReply } from '../../../lib/use-swipe-to-reply';
import type { PendingMessage } from '../stores/outbox';
import { remainingLabel, useExpiryClock } from './expiry';
import { emojiOf } from './emoji-of';
import { MessageMenu, type MessageActions } from './message-menu';

export type { MessageActions } from './message-menu';
export { emojiOf };

export function MessageBubble({ message, me, actions }: { message: ChatMessage; me: number; actions: MessageActions }) {
  const own = message.sender_id === me;
  const [menuOpen, setMenuOpen] = useState(false);
  const press = useLongPress(() => setMenuOpen(true));
  const swipe = useSwipeToReply(message.deleted ? null : () => actions.onReply(message));
  const now = useExpiryClock(message.expires_at);
  // Auto-deleted: gone for both people once the time is up, before or after the server clears it.
  if (message.expires_at && Date.parse(message.expires_at) <= now) return null;
  const left = message.expires_at && !message.deleted ? remainingLabel(message.expires_at, now) : '';
  return (
    <li data-testid="message" data-own={own} className={clsx('relative flex flex-col', own ? 'items-end' : 'items-start')}>
      <SwipeReplyHint pull={swipe.pull} ready={swipe.ready} />
      <div className={clsx('flex max-w-full items-end gap-1', own && 'flex-row-reverse')}>
        <div
          {...combineHandlers(press, swipe.handlers)}
          data-testid="message-bubble"
          style={swipe.style}
          className={clsx(
            'max-w-[calc(100%-3rem)] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap [-webkit-touch-callout:none] sm:max-w-[80%]',
            swipe.className,
            own ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-slate-800 text-slate-100',
            menuOpen && 'ring-2 ring-brand-400',
          )}
        >
          {message.reply_to && !message.deleted && (
            <p className="mb-1 border-l-2 border-current pl-2 text-xs opacity-90">
              {message.reply_to.deleted ? 'Message deleted' : message.reply_to.text || 'Attachment'}
            </p>
          )}
          {message.deleted ? (
            <em className="opacity-90">Message deleted</em>
          ) : (
            <>
              <MessageMedia message={message} />
              {message.text && (
                <span>
                  <LinkifiedText text={message.text} />
                </span>
              )}
            </>
          )}
          <span className="ml-2 inline-flex items-center gap-1 align-bottom text-[11px] opacity-90">
            {message.edited_at && !message.deleted && <span>edited</span>}
            {left && (
              <span
                className="inline-flex items-center gap-0.5"
                title={`Deleted for both of you in ${left}`}
                aria-label={`Deleted in ${left}`}
              >
                <Timer className="size-3" aria-hidden />
                {left}
              </span>
            )}
            <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
            {own && (
              <span role="img" aria-label={message.read_at ? 'Read' : 'Sent'}>
                {message.read_at ? <CheckCheck className="size-3.5" /> : <Check className="size-3.5" />}
              </span>
            )}
          </span>
        </div>
        <MessageMenu message={message} me={me} actions={actions} open={menuOpen} onOpenChange={setMenuOpen} />
      </div>
      {message.reactions.length > 0 && (
        <div className={clsx('mt-1 flex flex-wrap gap-1', own ? 'mr-12' : 'ml-0')}>
          {message.reactions.map((r) => {
            const mine = r.user_ids.includes(me);
            return (
              <button
                key={r.emoji}
                type="button"
                onClick={() => actions.onReact(message, r.emoji, !mine)}
                aria-pressed={mine}
                aria-label={`${emojiOf(r.emoji)} ${r.count}${mine ? ', yours' : ''}`}
                className={clsx(
                  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border px-2 text-sm',
                  mine ? 'border-brand-400 bg-brand-600/30' : 'border-slate-700 bg-slate-900',
                )}
              >
                <span className="emoji">{emojiOf(r.emoji)}</span> {r.count}
              </button>
            );
          })}
        </div>
      )}
    </li>
  );
}

export function PendingBubble({ pending, onRetry }: { pending: PendingMessage; onRetry(): void }) {
  return (
    <li data-testid="message" data-own data-pending={pending.status} className="flex flex-col items-end">
      <div className="max-w-[80%] rounded-2xl rounded-br-sm bg-brand-700 px-3 py-2 text-sm break-words whitespace-pre-wrap text-white">
        {pending.file && (
          <span className="mb-1 flex items-center gap-1 text-xs">
            <Paperclip className="size-3.5 shrink-0" /> {pending.file.name}
          </span>
        )}
        {pending.text}
        <span className="ml-2 text-[10px]">{pending.status === 'sending' ? 'Sending…' : '!'}</span>
      </div>
      {pending.status === 'failed' && (
        <p className="mt-0.5 text-xs text-red-300">
          {pending.error}{' '}
          <button type="button" onClick={onRetry} className="underline">
            Retry
          </button>
        </p>
      )}
    </li>
  );
}

import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import { Check, CheckCheck, Hourglass, Timer } from 'lucide-react';
import { LinkifiedText } from '../ui/linkified-text';
import { TextLinkPreview } from '../ui/link-preview-card';
import { MessagePoll } from '../poll/poll-slot';
import { SwipeReplyHint } from '../ui/swipe-reply-hint';
import { Avatar } from '../ui/avatar';
import { MessageMedia } from '../ui/message-media';
import { formatTime } from '../../lib/datetime';
import { useLongPress } from '../../lib/use-long-press';
import { combineHandlers, useSwipeToReply } from '../../lib/use-swipe-to-reply';
import { expiresAtOf, isRemoved, type TimelineMessage } from '../../lib/conversation/message';
import { remainingLabel, useExpiryClock } from './expiry';
import { emojiOf } from './emoji-of';
import { MessageMenu, type MessageActions } from './message-menu';
import { VoicePlayer } from './voice-player';
import { voiceKey } from '../../lib/conversation/voice-played';
import { pinSnippet } from '../../lib/conversation/pins';

export type { MessageActions } from './message-menu';
export { PendingBubble } from './pending-bubble';
export { emojiOf };

export interface MessageBubbleProps<M extends TimelineMessage> {
  message: M;
  me: number;
  actions: MessageActions<M>;
  /**
   * In a conversation of more than two people: who wrote another member's message. The first message of a run
   * shows their name and avatar (`first`); the next ones keep the avatar's place so the bubbles line up. With
   * `onOpen` the avatar is a button about them (a community's member actions: report, their profile).
   */
  author?: { name: string; avatar: string | null; first: boolean; onOpen?(): void };
  /** Who wrote the message a reply quotes (groups, where it is not obviously the other person). */
  replyAuthor?: string | null;
  /** One's own message: ✓ sent or ✓✓ read. By default a direct message's read time decides. */
  receipt?: 'read' | 'sent';
  /** Under the bubble: 'Seen by 2' on one's newest message of a group. */
  footer?: ReactNode;
  /** What a message taken down by someone else says: who may do it differs by kind ('Removed by an admin' in a group). */
  removedText?: string;
}

/**
 * One message of any conversation: reply quote, file, linkified text, time, ticks, reactions, and its actions menu
 * (the ⋮ button, a long press or a swipe to reply on a phone).
 */
export function MessageBubble<M extends TimelineMessage>({
  message,
  me,
  actions,
  author,
  replyAuthor,
  receipt,
  footer,
  removedText = 'Removed by a moderator',
}: MessageBubbleProps<M>) {
  const own = message.sender_id === me;
  const [menuOpen, setMenuOpen] = useState(false);
  const press = useLongPress(() => setMenuOpen(true));
  const gone = message.deleted || isRemoved(message);
  const swipe = useSwipeToReply(gone || !actions.onReply ? null : () => actions.onReply?.(message));
  const expiresAt = expiresAtOf(message);
  const now = useExpiryClock(expiresAt);
  // Auto-deleted: gone for both people once the time is up, before or after the server clears it.
  if (expiresAt && Date.parse(expiresAt) <= now) return null;
  const left = expiresAt && !gone ? remainingLabel(expiresAt, now) : '';
  const read = receipt ? receipt === 'read' : 'read_at' in message && !!message.read_at;
  const forwarded = 'forwarded_from' in message ? message.forwarded_from : null;
  const showAuthor = author && !own;
  return (
    <li
      data-testid="message"
      data-message-id={message.id}
      data-own={own}
      className={clsx('group/message relative flex flex-col', own ? 'items-end' : 'items-start')}
    >
      <SwipeReplyHint pull={swipe.pull} ready={swipe.ready} />
      <div className={clsx('flex max-w-full items-end gap-1', own && 'flex-row-reverse')}>
        {showAuthor &&
          (author.first ? (
            author.onOpen ? (
              <button
                type="button"
                onClick={author.onOpen}
                aria-label={`${author.name}: actions`}
                className="-m-1.5 shrink-0 self-start rounded-full p-1.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
              >
                <Avatar src={author.avatar} name={author.name} size={32} />
              </button>
            ) : (
              // The name is written in the bubble: the picture is not read out a second time.
              <span aria-hidden className="self-start">
                <Avatar src={author.avatar} name={author.name} size={32} />
              </span>
            )
          ) : (
            <span aria-hidden className="w-8 shrink-0" />
          ))}
        <div
          {...combineHandlers(press, swipe.handlers)}
          data-testid="message-bubble"
          style={swipe.style}
          className={clsx(
            'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap [-webkit-touch-callout:none] sm:max-w-[80%]',
            showAuthor ? 'max-w-[calc(100%-5.5rem)]' : 'max-w-[calc(100%-3rem)]',
            swipe.className,
            own ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-slate-800 text-slate-100',
            menuOpen && 'ring-2 ring-brand-400',
          )}
        >
          {showAuthor && author.first && <p className="mb-0.5 text-xs font-semibold text-accent-200">{author.name}</p>}
          {forwarded && !gone && (
            <p className="mb-1 text-xs italic opacity-90">Forwarded from {forwarded.name || forwarded.username || 'a member'}</p>
          )}
          {message.reply_to && !gone && (
            <p className="mb-1 border-l-2 border-current pl-2 text-xs opacity-90">
              {replyAuthor && <span className="block font-semibold">{replyAuthor}</span>}
              {message.reply_to.deleted ? 'Message deleted' : pinSnippet(message.reply_to)}
            </p>
          )}
          {gone ? (
            <em className="opacity-90">{isRemoved(message) ? removedText : 'Message deleted'}</em>
          ) : (
            <>
              {message.voice && message.media_url ? (
                <VoicePlayer
                  url={message.media_url}
                  voice={message.voice}
                  playKey={voiceKey(me, message.id)}
                  messageId={message.id}
                  own={own}
                />
              ) : (
                <MessageMedia message={message} />
              )}
              {message.text && (
                <span>
                  <LinkifiedText text={message.text} />
                </span>
              )}
              {message.text && message.link_preview !== false && <TextLinkPreview text={message.text} />}
              <MessagePoll message={message} me={me} />
              {/* Only its sender is ever sent a held message; released, it comes back without the mark. */}
              {message.held && (
                <span role="status" className="mt-1 flex items-center gap-1 text-xs font-medium">
                  <Hourglass className="size-3.5 shrink-0" aria-hidden />
                  Held for review: only you see this message until a moderator lets it through.
                </span>
              )}
            </>
          )}
          <span className="ml-2 inline-flex items-center gap-1 align-bottom text-[11px] opacity-90">
            {message.edited_at && !gone && <span>edited</span>}
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
              <span role="img" aria-label={read ? 'Read' : 'Sent'}>
                {read ? <CheckCheck className="size-3.5" /> : <Check className="size-3.5" />}
              </span>
            )}
          </span>
        </div>
        <MessageMenu message={message} me={me} actions={actions} open={menuOpen} onOpenChange={setMenuOpen} />
      </div>
      {message.reactions.length > 0 && (
        <div className={clsx('mt-1 flex flex-wrap gap-1', own ? 'mr-12' : showAuthor ? 'ml-9' : 'ml-0')}>
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
      {footer}
    </li>
  );
}

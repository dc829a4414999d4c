import { useRef, type ReactNode } from 'react';
import type { useJump } from '../../lib/conversation/use-jump';
import type { TimelineMessage } from '../../lib/conversation/message';
import type { PendingBase } from '../../lib/outbox-store';
import { Composer, type ComposerHandle, type ComposerProps } from './composer';
import { FileDropZone } from './file-drop-zone';
import { PendingBubble } from './pending-bubble';
import { PinnedBar } from './pinned-bar';
import { Timeline, type TimelineHistory } from './timeline';

type Pending = PendingBase & { file?: File };

/** What useConversationTimeline gives: the history query, its messages, what is on its way, and the jump. */
export interface PaneTimeline<M extends TimelineMessage, P extends Pending> {
  query: TimelineHistory;
  messages: M[];
  pending: P[];
  jump: ReturnType<typeof useJump<M>>;
}

/** The composer's mode (lib/conversation/use-reply-or-edit). */
interface Mode<M> {
  replyTo: M | null;
  editing: M | null;
  clear(): void;
}

export interface ConversationPaneProps<M extends TimelineMessage, P extends Pending> {
  'aria-label': string;
  className: string;
  /** Above the pinned bar: who the conversation is with, a channel's bar. */
  header: ReactNode;
  timeline: PaneTimeline<M, P>;
  /** Newest pin first; null shows no pinned bar. */
  pins: M[] | null;
  /** Who wrote a pinned message, in the list of all pins. */
  pinAuthor(message: M): string;
  renderMessage(message: M, previous: M | null): ReactNode;
  onRetry(pending: P): unknown;
  mode: Mode<M>;
  /** Between the timeline and the composer: why the member cannot write. */
  notice?: ReactNode;
  /** The composer's own settings; null where the member cannot write at all (the notice stands alone). */
  composer: Pick<ComposerProps<M>, 'draftKey' | 'disabled' | 'maxLength' | 'onTyping' | 'onSend' | 'onSaveEdit' | 'pollTarget'> | null;
  /** The history may no longer be shown (removed from a group): an empty space instead of its error. */
  historyGone?: boolean;
  /** Dialogs and panels the conversation opens. */
  children?: ReactNode;
}

/**
 * The one layout of every conversation: files dropped anywhere on it go to the composer, the header, the pinned bar
 * (a tap jumps to the pin), the timeline with what is on its way, and the composer (or why one cannot write). What is
 * sent or saved leaves the reply or edit, and what is sent is seen where it lands: among the latest messages.
 */
export function ConversationPane<M extends TimelineMessage, P extends Pending>({
  'aria-label': label,
  className,
  header,
  timeline,
  pins,
  pinAuthor,
  renderMessage,
  onRetry,
  mode,
  notice,
  composer,
  historyGone = false,
  children,
}: ConversationPaneProps<M, P>) {
  const composerRef = useRef<ComposerHandle>(null);
  const { jump } = timeline;
  return (
    <FileDropZone
      aria-label={label}
      enabled={!!composer && !composer.disabled && !mode.editing}
      onFiles={(files) => composerRef.current?.addFiles(files)}
      className={className}
    >
      {header}
      {pins && <PinnedBar pins={pins} onJump={(m) => jump.jumpTo(m.id)} authorOf={pinAuthor} />}
      {historyGone ? (
        <div className="flex-1" />
      ) : (
        <Timeline
          history={jump.history ?? timeline.query}
          messages={jump.messages}
          pending={jump.away ? [] : timeline.pending}
          renderMessage={renderMessage}
          renderPending={(p) => <PendingBubble pending={p} onRetry={() => void onRetry(p)} />}
          focus={jump.focus}
          onBackToLatest={jump.away ? jump.backToLatest : undefined}
        />
      )}
      {notice}
      {composer && (
        <Composer
          ref={composerRef}
          {...composer}
          replyTo={mode.replyTo}
          editing={mode.editing}
          onCancel={mode.clear}
          onSend={(input) => {
            composer.onSend(input);
            mode.clear();
            jump.backToLatest();
          }}
          onSaveEdit={(message, text) => {
            mode.clear();
            composer.onSaveEdit(message, text);
          }}
        />
      )}
      {children}
    </FileDropZone>
  );
}

import { useRef, useState } from 'react';
import { ListOrdered, Pin } from 'lucide-react';
import { pinSnippet } from '../../lib/conversation/pins';
import type { TimelineMessage } from '../../lib/conversation/message';
import { Modal } from '../ui/modal';

/**
 * The pinned bar at the top of a conversation: its latest pin, which jumps to the message when tapped, and with
 * more than one pin a button listing them all (each jumps too). Nothing when nothing is pinned.
 */
export function PinnedBar<M extends TimelineMessage>({
  pins,
  onJump,
  authorOf,
}: {
  /** Newest pin first, as the pins calls answer. */
  pins: M[];
  onJump(message: M): void;
  /** Who wrote a pinned message ('You', a member's name), shown in the list of all pins. */
  authorOf(message: M): string;
}) {
  const [listOpen, setListOpen] = useState(false);
  // Picked from the list: focus goes to the message jumped to (the timeline's), not back to the list's button.
  const jumping = useRef(false);
  const latest = pins[0];
  if (!latest) return null;
  return (
    <section aria-label="Pinned messages" className="flex items-stretch gap-1 border-b border-slate-800 pb-2">
      <button
        type="button"
        onClick={() => onJump(latest)}
        className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-lg px-2 text-left hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
      >
        <Pin className="size-4 shrink-0 text-brand-300" aria-hidden />
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-semibold text-brand-300">
            {pins.length > 1 ? `Pinned message (latest of ${pins.length})` : 'Pinned message'}
          </span>
          <span className="block truncate text-sm text-slate-200">{pinSnippet(latest)}</span>
        </span>
      </button>
      {pins.length > 1 && (
        <button
          type="button"
          onClick={() => setListOpen(true)}
          aria-label={`All ${pins.length} pinned messages`}
          className="flex size-11 shrink-0 items-center justify-center self-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-slate-100 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
        >
          <ListOrdered className="size-5" aria-hidden />
        </button>
      )}
      <Modal
        open={listOpen}
        onOpenChange={setListOpen}
        title="Pinned messages"
        onCloseAutoFocus={(event) => {
          if (!jumping.current) return;
          jumping.current = false;
          event.preventDefault();
        }}
      >
        <ul aria-label="Pinned messages, newest pin first" className="flex flex-col gap-1">
          {pins.map((message) => (
            <li key={message.id}>
              <button
                type="button"
                onClick={() => {
                  jumping.current = true;
                  setListOpen(false);
                  onJump(message);
                }}
                className="flex min-h-11 w-full flex-col rounded-lg px-3 py-2 text-left hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
              >
                <span className="text-xs font-semibold text-slate-300">{authorOf(message)}</span>
                <span className="line-clamp-2 text-sm text-slate-100">{pinSnippet(message)}</span>
              </button>
            </li>
          ))}
        </ul>
      </Modal>
    </section>
  );
}

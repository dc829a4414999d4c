import { Smile } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Spinner } from '../ui/spinner';

/** The picker is most of the feed's weight and few posts or messages need it: fetch it the first time a picker opens. */
const EmojiPicker = lazy(() => import('./emoji-picker'));

/** The toggle for the emoji picker; the picker itself is EmojiPanel, placed where the layout wants it. */
export function EmojiButton({
  open,
  onToggle,
  label = 'Add emoji',
  className = '',
}: {
  open: boolean;
  onToggle: () => void;
  label?: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-expanded={open}
      data-emoji-toggle
      onClick={onToggle}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-200 hover:bg-slate-800 ${open ? 'bg-slate-800' : ''} ${className}`}
    >
      <Smile className="size-5" />
    </button>
  );
}

export function EmojiPanel({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <div className="w-full" data-testid="emoji-panel">
      <Suspense
        fallback={
          // Same height as the picker, so the dialog does not jump when it arrives.
          <div className="flex h-[360px] items-center justify-center gap-2 rounded-lg border border-slate-800 text-sm text-slate-400">
            <Spinner label="Loading emoji" /> Loading emoji…
          </div>
        }
      >
        <EmojiPicker onPick={onPick} />
      </Suspense>
    </div>
  );
}

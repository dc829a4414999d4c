import clsx from 'clsx';
import { Reply } from 'lucide-react';
import { SWIPE_REPLY_PX } from '../../lib/use-swipe-to-reply';

/**
 * The reply arrow that appears at the right edge of a message while a finger pulls it to the left (see
 * useSwipeToReply): it fades in with the pull and fills once letting go would reply. Decoration only: the ⋮ menu
 * holds Reply for screen readers and keyboards.
 */
export function SwipeReplyHint({ pull, ready }: { pull: number; ready: boolean }) {
  if (!pull) return null;
  return (
    <span
      aria-hidden
      data-testid="swipe-reply-hint"
      style={{ opacity: Math.min(1, -pull / SWIPE_REPLY_PX) }}
      className={clsx(
        'pointer-events-none absolute top-1/2 right-1 flex size-8 -translate-y-1/2 items-center justify-center rounded-full',
        ready ? 'bg-brand-600 text-white' : 'bg-slate-800 text-slate-200',
      )}
    >
      <Reply className="size-4" />
    </span>
  );
}

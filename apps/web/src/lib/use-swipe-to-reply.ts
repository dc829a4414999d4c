import { useRef, useState, type PointerEvent } from 'react';

/** How far a finger must pull a message to the left to reply to it, and how far the message follows it. */
export const SWIPE_REPLY_PX = 56;
const MAX_PULL_PX = 72;
/** Movement below this is a tap or a hold, not yet a swipe (the long press uses the same slop). */
const SLOP_PX = 10;

type Gesture = { id: number; x: number; y: number; pulling: boolean };

/**
 * Telegram's swipe to reply: a finger pulling a message to the left makes it follow (up to a limit) and, past
 * `SWIPE_REPLY_PX`, lifting the finger replies to it. Left, not right, so it never fights the phone's edge swipe
 * back. A mostly vertical movement is the list scrolling and is left alone; the element needs `touch-action: pan-y`
 * so the browser leaves horizontal moves to the page. Touch only: mouse and pen have the ⋮ menu and the right click.
 * `onReply` null (a deleted message) turns it off.
 */
export function useSwipeToReply(onReply: (() => void) | null) {
  const [pull, setPull] = useState(0);
  const gesture = useRef<Gesture | null>(null);
  const pulled = useRef(0);
  // A swipe that ends on a link must not also open it.
  const swiped = useRef(false);

  const follow = (px: number) => {
    pulled.current = px;
    setPull(px);
  };
  const end = (reply: boolean) => {
    const g = gesture.current;
    gesture.current = null;
    if (!g?.pulling) return;
    swiped.current = true;
    if (reply && pulled.current <= -SWIPE_REPLY_PX && onReply) {
      navigator.vibrate?.(10);
      onReply();
    }
    follow(0);
  };

  const handlers = {
    onPointerDown: (e: PointerEvent) => {
      swiped.current = false;
      if (!onReply || e.pointerType !== 'touch' || !e.isPrimary) return;
      gesture.current = { id: e.pointerId, x: e.clientX, y: e.clientY, pulling: false };
    },
    onPointerMove: (e: PointerEvent) => {
      const g = gesture.current;
      if (!g || e.pointerId !== g.id) return;
      const dx = e.clientX - g.x;
      const dy = e.clientY - g.y;
      if (!g.pulling) {
        if (Math.hypot(dx, dy) < SLOP_PX) return;
        // Clearly sideways and to the left, or not a swipe at all (scrolling, or a pull to the right).
        if (dx >= 0 || Math.abs(dx) < Math.abs(dy) * 1.5) {
          gesture.current = null;
          return;
        }
        g.pulling = true;
      }
      follow(Math.max(-MAX_PULL_PX, Math.min(0, dx)));
    },
    onPointerUp: () => end(true),
    onPointerCancel: () => end(false),
    onClickCapture: (e: { preventDefault(): void; stopPropagation(): void }) => {
      if (!swiped.current) return;
      swiped.current = false;
      e.preventDefault();
      e.stopPropagation();
    },
  };
  return {
    handlers,
    pull,
    ready: pull <= -SWIPE_REPLY_PX,
    /** For the element that follows the finger: it moves with the pull and settles back when let go. */
    style: pull ? { transform: `translateX(${pull}px)` } : undefined,
    className: pull ? 'touch-pan-y' : 'touch-pan-y transition-transform motion-reduce:transition-none',
  };
}

type Handler = (e: never) => void;

/** One set of handlers calling each given set's handler for the same event, in order (a long press and a swipe). */
export function combineHandlers<A extends Record<string, Handler>, B extends Record<string, Handler>>(a: A, b: B): A & B {
  const combined: Record<string, Handler> = { ...a, ...b };
  for (const key of Object.keys(a)) {
    if (!(key in b)) continue;
    const first = a[key]!;
    const second = b[key as keyof B] as Handler;
    combined[key] = (e: never) => {
      first(e);
      second(e);
    };
  }
  return combined as A & B;
}

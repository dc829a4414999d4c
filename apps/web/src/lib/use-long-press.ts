import { useRef, type PointerEvent } from 'react';

const HOLD_MS = 500;
/** A finger that moves further than this is scrolling, not holding. */
const SLOP_PX = 10;

/**
 * A touch held still for half a second calls `onLongPress` (Telegram's way to open a message's actions). Mouse and
 * pen use the right click instead (`onContextMenu`), which also catches Android's own long-press event.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  // Lifting the finger after a long press still sends a mousedown and a click: they must neither follow a link under
  // the finger nor move focus out of the menu that just opened (which would close it).
  const fired = useRef(false);
  const swallow = (e: { preventDefault(): void; stopPropagation(): void }) => {
    if (!fired.current) return;
    e.preventDefault();
    e.stopPropagation();
  };
  const cancel = () => {
    clearTimeout(timer.current);
    start.current = null;
  };
  return {
    onPointerDown: (e: PointerEvent) => {
      fired.current = false;
      if (e.pointerType !== 'touch') return;
      start.current = { x: e.clientX, y: e.clientY };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        start.current = null;
        fired.current = true;
        onLongPress();
      }, HOLD_MS);
    },
    onPointerMove: (e: PointerEvent) => {
      if (start.current && Math.hypot(e.clientX - start.current.x, e.clientY - start.current.y) > SLOP_PX) cancel();
    },
    onPointerUp: cancel,
    onMouseDownCapture: swallow,
    onClickCapture: (e: { preventDefault(): void; stopPropagation(): void }) => {
      swallow(e);
      fired.current = false;
    },
    onPointerCancel: cancel,
    onContextMenu: (e: { preventDefault(): void }) => {
      e.preventDefault();
      cancel();
      onLongPress();
    },
  };
}

import { useCallback, useEffect, useRef } from 'react';

const TYPING_REFRESH_MS = 3000;
const TYPING_IDLE_MS = 2500;

/**
 * The composer's 'typing…' signal: `typed()` on each change tells `onTyping(true)` when the member starts (again every
 * few seconds while they type, so the other side's indicator does not lapse) and `onTyping(false)` after a pause;
 * `stop()` ends it at once (on sending, on leaving the conversation).
 */
export function useTypingSignal(onTyping: ((typing: boolean) => void) | undefined) {
  const sentAt = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The latest callback: 'stopped typing' on leaving must reach the socket the page has by then.
  const typing = useRef(onTyping);
  useEffect(() => {
    typing.current = onTyping;
  }, [onTyping]);

  // Stable (it reads only refs), so an effect's clean-up may call it without re-running on every render.
  const stop = useCallback(() => {
    clearTimeout(idleTimer.current);
    if (sentAt.current) typing.current?.(false);
    sentAt.current = 0;
  }, []);

  const typed = () => {
    if (!typing.current) return;
    if (Date.now() - sentAt.current > TYPING_REFRESH_MS) {
      typing.current(true);
      sentAt.current = Date.now();
    }
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stop, TYPING_IDLE_MS);
  };

  return { typed, stop };
}

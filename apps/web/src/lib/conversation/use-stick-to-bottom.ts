import { useEffect, useRef, type RefObject } from 'react';

/** How close to the bottom still counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 40;

/**
 * Keeps a scrolled list at its bottom while its content grows after rendering (a picture finishing loading, a
 * reaction added), as long as the member was at the bottom; someone reading older messages is left where they are.
 */
export function useStickToBottom(
  list: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  /** While true, the list is left where it is (the member reads older messages after a jump). */
  hold?: RefObject<boolean>,
) {
  const atBottom = useRef(true);
  useEffect(() => {
    const el = list.current;
    const inner = content.current;
    if (!el || !inner) return;
    const onScroll = () => {
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => atBottom.current && !hold?.current && (el.scrollTop = el.scrollHeight));
    observer?.observe(inner);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [list, content, hold]);
}

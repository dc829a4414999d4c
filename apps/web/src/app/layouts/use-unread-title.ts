import { useEffect } from 'react';

export const APP_TITLE = 'Tribeverse';

/** '(3) Tribeverse' in the tab while something is unread, as chat apps do, so a background tab shows it. */
export function useUnreadTitle(unread: number) {
  useEffect(() => {
    document.title = unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${APP_TITLE}` : APP_TITLE;
  }, [unread]);
  // Leaving the member area (sign-out) leaves no stale count behind.
  useEffect(() => () => void (document.title = APP_TITLE), []);
}

import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AppSocket } from './socket';

/**
 * The app's one connection state, for the one banner that shows it (app/layouts/connection-banner.tsx):
 * - 'offline': the browser has no network (it says so at once, with the `offline` event);
 * - 'reconnecting': the browser has a network but the tab's socket has lost the server and is trying again;
 * - 'online': neither.
 * Messages written meanwhile wait in the outboxes and go out on reconnect, whichever of the two it was.
 */
export type Connection = 'online' | 'offline' | 'reconnecting';

/** How long the socket may be away before it is shown: a reconnect after a server restart takes about a second. */
export const SOCKET_GRACE_MS = 3000;

function subscribeBrowser(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a network, following the online/offline events. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeBrowser,
    () => navigator.onLine,
    () => true,
  );
}

/** Whether this socket has been away from the server for longer than the grace, and is still trying to get back. */
function useSocketLost(socket: AppSocket | null): boolean {
  // Which socket is lost: a new socket (another sign-in) starts found, with nothing to reset.
  const [lost, setLost] = useState<AppSocket | null>(null);
  useEffect(() => {
    if (!socket) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const away = () => {
      timer ??= setTimeout(() => setLost(socket), SOCKET_GRACE_MS);
    };
    const back = () => {
      clearTimeout(timer);
      timer = undefined;
      setLost((current) => (current === socket ? null : current));
    };
    // Closed by the app (signing out) is not lost; refused by the server (not `active`: it will not try again) is not
    // a connection problem either, and the sign-in flow deals with it.
    const onDisconnect = (reason: string) => (reason === 'io client disconnect' ? back() : away());
    const onError = () => (socket.active ? away() : back());
    socket.on('connect', back);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onError);
    return () => {
      clearTimeout(timer);
      socket.off('connect', back);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onError);
    };
  }, [socket]);
  return socket !== null && lost === socket;
}

export function useConnection(socket: AppSocket | null): Connection {
  const browserOnline = useBrowserOnline();
  const socketLost = useSocketLost(socket);
  if (!browserOnline) return 'offline';
  return socketLost ? 'reconnecting' : 'online';
}

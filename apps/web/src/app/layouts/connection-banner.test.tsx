import { act, render, renderHook, screen } from '@testing-library/react';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '../../lib/socket';
import { SOCKET_GRACE_MS, useConnection } from '../../lib/connection';
import { ConnectionBanner } from './connection-banner';

/** The browser's own word on the network, as Chromium gives it: navigator.onLine and the online/offline events. */
function setBrowserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the offline banner', () => {
  it('says politely, in a status region, that the member is offline, and goes away when the network is back', () => {
    render(<ConnectionBanner />);
    const status = screen.getByRole('status');
    // The region is there and empty beforehand, so a screen reader announces the message when it appears.
    expect(status).toBeEmptyDOMElement();

    act(() => setBrowserOnline(false));
    expect(status).toHaveTextContent("You're offline. Messages you send will go out when you're back.");

    act(() => setBrowserOnline(true));
    expect(status).toBeEmptyDOMElement();
  });

  it('is there from the start when the app opens without a network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<ConnectionBanner />);
    expect(screen.getByRole('status')).toHaveTextContent("You're offline.");
  });
});

describe('the connection state', () => {
  it('is one state: a socket that cannot reach the server shows after a grace, and offline wins over it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A real client, to a port where nothing listens: it fails to connect and keeps trying, as after a server restart.
    const socket = io('http://127.0.0.1:9', { transports: ['websocket'], reconnectionDelay: 60_000 }) as AppSocket;
    try {
      const { result, rerender } = renderHook(({ current }) => useConnection(current), {
        initialProps: { current: socket as AppSocket | null },
      });
      await vi.waitFor(() => expect(socket.active && !socket.connected).toBe(true));
      await act(async () => {
        await new Promise<void>((resolve) => socket.once('connect_error', () => resolve()));
      });
      // A reconnect after a restart takes about a second: nothing shows before the grace is over.
      expect(result.current).toBe('online');
      act(() => vi.advanceTimersByTime(SOCKET_GRACE_MS));
      expect(result.current).toBe('reconnecting');

      act(() => setBrowserOnline(false));
      expect(result.current).toBe('offline');

      act(() => setBrowserOnline(true));
      expect(result.current).toBe('reconnecting');
      // Signing out closes the tab's socket (lib/socket-provider.tsx): no socket is no lost connection.
      rerender({ current: null });
      expect(result.current).toBe('online');
    } finally {
      socket.disconnect();
    }
  });
});

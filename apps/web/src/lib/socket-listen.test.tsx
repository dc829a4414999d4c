import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { liveSocketForFile } from './live-socket.test-support';
import type { AppSocket } from './socket';
import { useSocketWatch } from './socket-listen';

const live = vi.hoisted(() => ({ socket: null as AppSocket | null }));
vi.mock('./socket-provider', () => ({ useSocket: () => live.socket }));

/** The presence:watch and presence:unwatch events the server heard, in order. */
const heard: string[] = [];
liveSocketForFile(live, (s) => {
  s.on('presence:watch', (payload) => void heard.push(`watch ${(payload as { peer_id: number }).peer_id}`));
  s.on('presence:unwatch', () => void heard.push('unwatch'));
});

describe('useSocketWatch', () => {
  it('watches at once and after every reconnect, moves with its subject, and ends when it goes', async () => {
    const { rerender, unmount } = renderHook(({ peer }) => useSocketWatch('presence', peer ? { peer_id: peer } : null), {
      initialProps: { peer: 3 as number | null },
    });
    await waitFor(() => expect(heard).toEqual(['watch 3']));
    // The same subject again (a new object each render) is the same watch: nothing is sent.
    rerender({ peer: 3 });
    live.socket!.disconnect();
    live.socket!.connect();
    await waitFor(() => expect(heard).toEqual(['watch 3', 'watch 3']));

    rerender({ peer: 4 });
    await waitFor(() => expect(heard).toEqual(['watch 3', 'watch 3', 'unwatch', 'watch 4']));
    rerender({ peer: null });
    await waitFor(() => expect(heard).toEqual(['watch 3', 'watch 3', 'unwatch', 'watch 4', 'unwatch']));
    rerender({ peer: 5 });
    unmount();
    await waitFor(() => expect(heard).toEqual(['watch 3', 'watch 3', 'unwatch', 'watch 4', 'unwatch', 'watch 5', 'unwatch']));
  });
});

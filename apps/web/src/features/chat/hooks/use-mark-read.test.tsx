import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAppLocked } from '../../../lib/app-lock';
import { openConversation } from '../../../lib/conversation/open-conversation';
import { useMarkRead } from './use-mark-read';

function Reader({ newest }: { newest: number }) {
  useMarkRead(7, newest);
  return null;
}

let hidden = false;
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
const setHidden = (next: boolean) =>
  act(() => {
    hidden = next;
    document.dispatchEvent(new Event('visibilitychange'));
  });

const readCalls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/chat/read').map(([, init]) => JSON.parse(String((init as RequestInit).body)));

const renderReader = (newest = 42) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Reader newest={newest} />
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  hidden = false;
  setAppLocked(false);
});

describe('marking the open chat read', () => {
  it('waits while the tab is hidden and reads when it comes back', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ updated: 1, unreadCount: 0 }));
    hidden = true;
    renderReader();
    expect(readCalls(fetchMock)).toEqual([]);
    expect(openConversation.get()).toBeNull();
    setHidden(false);
    await waitFor(() => expect(readCalls(fetchMock)).toEqual([{ peer_id: 7, up_to_id: 42 }]));
    expect(openConversation.get()).toBe('direct:7');
  });

  it('does not read while the passcode lock covers the app', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ updated: 1, unreadCount: 0 }));
    setAppLocked(true);
    renderReader();
    expect(readCalls(fetchMock)).toEqual([]);
    act(() => setAppLocked(false));
    await waitFor(() => expect(readCalls(fetchMock)).toHaveLength(1));
  });

  it('tries again after a read lost to the network', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return Response.json({ updated: 1, unreadCount: 0 });
    });
    renderReader();
    await waitFor(() => expect(readCalls(fetchMock)).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(3_500));
    await waitFor(() => expect(readCalls(fetchMock)).toHaveLength(2));
  });
});

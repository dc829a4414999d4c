import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribeverse/shared';
import { useAuth } from './auth';
import { readToken, storeSession } from './storage';
import { renderInApp } from '../test-render';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderAuth() {
  const seen: { auth?: ReturnType<typeof useAuth> } = {};
  function Probe() {
    seen.auth = useAuth();
    return null;
  }
  renderInApp(<Probe />);
  return seen;
}

describe('logout', () => {
  it('clears local storage and signs out at once, even when the server never answers, then revokes in the background', async () => {
    storeSession('the-token', { id: 7, email: 'ada@example.test' } as User);
    localStorage.setItem('SOMETHING_ELSE', 'x');
    // A stalled connection: the revoke call never settles.
    const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    const seen = renderAuth();
    expect(seen.auth!.isSignedIn).toBe(true);

    await act(() => seen.auth!.signOut());

    expect(seen.auth!.isSignedIn).toBe(false);
    expect(readToken()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({ authorization: 'Bearer the-token' }),
        signal: expect.any(AbortSignal),
      }),
    );
  });
});

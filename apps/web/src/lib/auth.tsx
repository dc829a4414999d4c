import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@tribeverse/shared';
import { api, onUnauthorized } from './api-client';
import { clearAllStorage, clearSession, readStoredUser, readToken, storeSession, storeUser } from './storage';

interface AuthState {
  user: User | null;
  token: string | null;
  isSignedIn: boolean;
  /** After login, register or social sign-in. */
  signIn(token: string, user: User): void;
  /** Keep the stored member in step after a profile change. */
  setUser(user: User): void;
  /** Clears local storage at once, then revokes the session on the server in the background. */
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** How long a background logout may wait for the server before giving up. */
const LOGOUT_REVOKE_TIMEOUT_MS = 5000;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // On start, a stored member and token are loaded into the auth state.
  const [token, setToken] = useState<string | null>(() => readToken());
  const [user, setUserState] = useState<User | null>(() => (readToken() ? readStoredUser() : null));

  const signIn = useCallback((nextToken: string, nextUser: User) => {
    storeSession(nextToken, nextUser);
    setToken(nextToken);
    setUserState(nextUser);
  }, []);

  const setUser = useCallback((next: User) => {
    storeUser(next);
    setUserState(next);
  }, []);

  const signOut = useCallback(async () => {
    // Local storage goes first (the spec's order): a stalled or offline connection never keeps anyone signed in.
    const signedOutToken = readToken();
    clearAllStorage();
    queryClient.clear();
    setToken(null);
    setUserState(null);
    if (signedOutToken) {
      // The server revokes the session in the background; the token is no longer stored, so it is passed along.
      void api('/auth/logout', { method: 'POST', token: signedOutToken, signal: AbortSignal.timeout(LOGOUT_REVOKE_TIMEOUT_MS) }).catch(
        () => {
          /* already revoked, offline or timed out: signing out locally is what matters */
        },
      );
    }
  }, [queryClient]);

  useEffect(
    () =>
      onUnauthorized(() => {
        clearSession();
        queryClient.clear();
        setToken(null);
        setUserState(null);
      }),
    [queryClient],
  );

  // Another tab signing in or out changes this tab too.
  useEffect(() => {
    const onStorage = () => {
      setToken(readToken());
      setUserState(readToken() ? readStoredUser() : null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, token, isSignedIn: !!token, signIn, setUser, signOut }),
    [user, token, signIn, setUser, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

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
  /** Revokes the session on the server, then clears local storage. */
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

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
    try {
      if (readToken()) await api('/auth/logout', { method: 'POST' });
    } catch {
      /* the session may already be gone; signing out locally is what matters */
    }
    clearAllStorage();
    queryClient.clear();
    setToken(null);
    setUserState(null);
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

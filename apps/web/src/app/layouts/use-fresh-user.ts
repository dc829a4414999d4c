import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { User } from '@tribeverse/shared';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';

/** The stored member can be stale (confirmed or edited in another tab or device); refresh it once per visit. */
export function useFreshUser() {
  const { setUser, isSignedIn } = useAuth();
  const me = useQuery({ queryKey: ['auth', 'me'], queryFn: () => api<User>('/auth/me'), enabled: isSignedIn, staleTime: 0 });
  useEffect(() => {
    if (me.data) setUser(me.data);
  }, [me.data, setUser]);
}

import { useEffect } from 'react';
import { useAuth } from '../../lib/auth';
import { useMe } from '../../lib/me';

/** The stored member can be stale (confirmed or edited in another tab or device); refresh it once per visit. */
export function useFreshUser() {
  const { setUser, isSignedIn } = useAuth();
  const me = useMe({ enabled: isSignedIn });
  useEffect(() => {
    if (me.data) setUser(me.data);
  }, [me.data, setUser]);
}

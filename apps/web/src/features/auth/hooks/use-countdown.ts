import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a deadline, ticking once a second; restart(n) starts a new n-second countdown. */
export function useCountdown(initialSeconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((deadline - now) / 1000));

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [remaining > 0, deadline]); // eslint-disable-line react-hooks/exhaustive-deps

  const restart = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setDeadline(t + seconds * 1000);
  }, []);

  return { remaining, restart };
}

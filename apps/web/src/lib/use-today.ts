import { useEffect, useState } from 'react';

/**
 * 'Now', renewed just after each local midnight, so a conversation left open overnight turns its 'Today'
 * separator into 'Yesterday' without waiting for the next message.
 */
export function useToday(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 1);
    const timer = setTimeout(() => setNow(new Date()), next.getTime() - Date.now());
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}

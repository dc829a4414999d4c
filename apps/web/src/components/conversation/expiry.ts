import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * What is left of a message's auto-delete timer, rounded up (at most this long): '7d', '23h', '5m'. A unit is
 * used only while it reads below the next one (59m, then 1h; 23h, then 1d). Empty once the time is up.
 */
export function remainingLabel(expiresAt: string, now: number): string {
  const left = Date.parse(expiresAt) - now;
  if (!(left > 0)) return '';
  const minutes = Math.ceil(left / MINUTE);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.ceil(left / HOUR);
  if (hours < 24) return `${hours}h`;
  return `${Math.ceil(left / DAY)}d`;
}

/**
 * The time, renewed every 30 s while a message has a timer running, so its label counts down and the message
 * leaves the screen when its time is up, without waiting for the server's cleanup.
 */
export function useExpiryClock(expiresAt: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  const running = expiresAt !== null && Date.parse(expiresAt) > now;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [running]);
  // Fresh on every render too: a message the server has just cleared hides at once, not at the next tick.
  return Math.max(now, Date.now());
}

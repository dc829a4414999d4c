import { useSyncExternalStore } from 'react';

/** Who is typing to me right now. A start without a stop fades after a few seconds (a closed tab sends no stop). */
const TYPING_FADE_MS = 6000;
let typing = new Set<number>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const publish = (next: Set<number>) => {
  typing = next;
  listeners.forEach((l) => l());
};

export function setTyping(userId: number, isTyping: boolean) {
  clearTimeout(timers.get(userId));
  timers.delete(userId);
  const next = new Set(typing);
  if (isTyping) {
    next.add(userId);
    timers.set(
      userId,
      setTimeout(() => setTyping(userId, false), TYPING_FADE_MS),
    );
  } else next.delete(userId);
  publish(next);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useIsTyping = (userId: number) => useSyncExternalStore(subscribe, () => typing.has(userId));

import { useSyncExternalStore } from 'react';

/**
 * Who is typing to me right now: in a direct chat (the peer) or in a group (any of its members). A start without a
 * stop fades after a few seconds (a closed tab sends no stop).
 */
const TYPING_FADE_MS = 6000;
/** 'd:<userId>' in a direct chat, 'g:<groupId>:<userId>' in a group. */
let typing = new Set<string>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const publish = (next: Set<string>) => {
  typing = next;
  listeners.forEach((l) => l());
};

function set(key: string, isTyping: boolean) {
  clearTimeout(timers.get(key));
  timers.delete(key);
  if (isTyping === typing.has(key) && !isTyping) return;
  const next = new Set(typing);
  if (isTyping) {
    next.add(key);
    timers.set(
      key,
      setTimeout(() => set(key, false), TYPING_FADE_MS),
    );
  } else next.delete(key);
  publish(next);
}

/** `groupId` when the typing is in a group. */
export const setTyping = (userId: number, isTyping: boolean, groupId?: number) =>
  set(groupId ? `g:${groupId}:${userId}` : `d:${userId}`, isTyping);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useIsTyping = (userId: number) => useSyncExternalStore(subscribe, () => typing.has(`d:${userId}`));

/** The members typing in a group now, as one string of ids (stable between renders), for `typersOf`. */
const useGroupTypingKey = (groupId: number) =>
  useSyncExternalStore(subscribe, () =>
    [...typing]
      .filter((k) => k.startsWith(`g:${groupId}:`))
      .map((k) => k.slice(`g:${groupId}:`.length))
      .join(','),
  );

export function useGroupTyping(groupId: number): number[] {
  const ids = useGroupTypingKey(groupId);
  return ids ? ids.split(',').map(Number) : [];
}

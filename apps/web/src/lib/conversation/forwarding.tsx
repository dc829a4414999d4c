import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ForwardTarget } from '@tribeverse/shared';
import type { TimelineMessage } from './message';

/** A place the forward dialog offers: a chat, a group or a community's channel. */
export interface ForwardTargetOption {
  key: string;
  name: string;
  /** Searched besides the name: a member's username, a channel's community. */
  also: string;
  avatar: string | null;
  detail: string;
  to: ForwardTarget;
  href: string;
}

export interface ForwardTargetList {
  targets: ForwardTargetOption[];
  pending: boolean;
  failed: boolean;
  retry(): void;
}

const none: ForwardTargetList = { targets: [], pending: false, failed: false, retry: () => {} };

/**
 * Places to forward to that the chat feature does not know itself (the member's community channels): a hook the app
 * provides (app/forwarding.tsx), so that features never import each other. Without a provider: none.
 */
const MoreForwardTargets = createContext<(open: boolean) => ForwardTargetList>(() => none);
export const MoreForwardTargetsProvider = MoreForwardTargets.Provider;
/** `open`: the dialog is open; only then are they fetched (a conversation view keeps its dialog mounted). */
export function useMoreForwardTargets(open: boolean): ForwardTargetList {
  const useMore = useContext(MoreForwardTargets);
  return useMore(open);
}

/**
 * 'Forward…' asked from a view that has no dialog of its own (the community chat): the message waits here until the
 * app's one forward dialog opens it, and closing it empties the request.
 */
let requested: TimelineMessage | null = null;
const listeners = new Set<() => void>();
const set = (message: TimelineMessage | null) => {
  requested = message;
  listeners.forEach((l) => l());
};

export const forwardRequest = {
  open: (message: TimelineMessage) => set(message),
  close: () => set(null),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const useForwardRequest = () =>
  useSyncExternalStore(
    forwardRequest.subscribe,
    () => requested,
    () => null,
  );

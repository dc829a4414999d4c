import { useEffect, useRef } from 'react';
import type { BlockUpdatedEvent, MuteState, MuteUpdatedEvent } from '@tribeverse/shared';
import { api } from './api-client';
import { useSocket } from './socket-provider';

/**
 * Mutes and blocks between the signed-in member and another, for every feature that shows members or what they
 * wrote: the feed drops their posts, the people pages change their buttons. A change made in this tab is announced
 * here at once; one made in another tab (or a block by the other member) arrives by socket, and both reach the same
 * listeners.
 */
export type RelationChange =
  | { user_id: number; kind: 'muted' | 'unmuted' | 'blocked' | 'unblocked' }
  /** The other member blocked or unblocked the viewer, or the viewer unblocked them elsewhere (the event does not say which). */
  | { user_id: number; kind: 'block-changed' };

export const setMuted = (userId: number, muted: boolean) => api<MuteState>(`/users/${userId}/mute`, { method: muted ? 'PUT' : 'DELETE' });

export const setBlocked = (userId: number, blocked: boolean) =>
  api<{ user_id: number; blocked: boolean }>(`/chat/blocks/${userId}`, { method: blocked ? 'POST' : 'DELETE' });

type Listener = (change: RelationChange) => void;
const listeners = new Set<Listener>();

/** Tells every listener of this tab, after the server said yes. */
export function announceRelation(change: RelationChange) {
  for (const listener of listeners) listener(change);
}

export const fromMuteEvent = (e: MuteUpdatedEvent): RelationChange => ({ user_id: e.user_id, kind: e.muted ? 'muted' : 'unmuted' });
export const fromBlockEvent = (e: BlockUpdatedEvent): RelationChange => ({
  user_id: e.user_id,
  kind: e.blocked_by_me ? 'blocked' : 'block-changed',
});

/** Calls `onChange` for every mute or block change concerning the viewer, made here, in another tab, or by the other member. */
export function useRelationChanges(onChange: Listener) {
  const socket = useSocket();
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    const local: Listener = (change) => latest.current(change);
    const onMute = (e: MuteUpdatedEvent) => latest.current(fromMuteEvent(e));
    const onBlock = (e: BlockUpdatedEvent) => latest.current(fromBlockEvent(e));
    listeners.add(local);
    socket?.on('mute:updated', onMute);
    socket?.on('block:updated', onBlock);
    return () => {
      listeners.delete(local);
      socket?.off('mute:updated', onMute);
      socket?.off('block:updated', onBlock);
    };
  }, [socket]);
}

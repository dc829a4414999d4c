import { useEffect, useSyncExternalStore } from 'react';
import type { VoiceNoteOnMessage } from '@tribeverse/shared';
import { useSocket } from '../socket-provider';

/*
 * Which voice notes are played, as the signed-in member sees them: the server keeps it per account (a note played on
 * the phone is played on the laptop; the sender sees the receiver listened) and each history page says so
 * (`voice.played`). What this tab learnt since the page came is kept here, in memory: a note played here (before the
 * server's ack) and the server's `voice:played` events (another tab of this member played it, or someone listened to
 * one's own note). "Played" never goes back, so the two are or-ed, and an event that presents the note again (an
 * edit, a reaction: unplayed, as everyone is told it) does not bring the dot back.
 */
const played = new Set<string>();
const listeners = new Set<() => void>();

/** The browser-only store this replaces kept its keys here: forgotten, the server knows now. */
const OLD_KEY = 'tribeverse:voice-played';
try {
  localStorage.removeItem(OLD_KEY);
} catch {
  // Storage blocked: nothing was kept there either.
}

/** A note's key: the member listening and the message (ids of different kinds never meet: they share one table). */
export const voiceKey = (me: number, messageId: number) => `${me}:${messageId}`;

export function isVoicePlayed(key: string): boolean {
  return played.has(key);
}

export function markVoicePlayed(key: string) {
  if (played.has(key)) return;
  played.add(key);
  listeners.forEach((l) => l());
}

/** For tests: a fresh tab. */
export function forgetVoicePlayedForTests() {
  played.clear();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Whether this note is played as the member sees it: the server's word on the message, or what this tab learnt since
 * (its own play, or the `voice:played` event for this message, heard here).
 */
export function useVoicePlayed(key: string, messageId: number, voice: VoiceNoteOnMessage | { played?: boolean }): boolean {
  const socket = useSocket();
  const known = useSyncExternalStore(subscribe, () => played.has(key));
  const fromServer = voice.played === true;
  useEffect(() => {
    // Kept, so a later copy of the message that says unplayed (an edit's or a reaction's event) changes nothing.
    if (fromServer) markVoicePlayed(key);
  }, [fromServer, key]);
  useEffect(() => {
    if (!socket) return;
    const onPlayed = (e: { message_id: number }) => e.message_id === messageId && markVoicePlayed(key);
    socket.on('voice:played', onPlayed);
    return () => void socket.off('voice:played', onPlayed);
  }, [socket, key, messageId]);
  return known || fromServer;
}

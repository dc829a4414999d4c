import { VOICE_LIMITS } from '@tribeverse/shared';

/*
 * One voice message plays at a time, in every conversation: starting one pauses the other. When one ends, the next
 * unplayed note below it in the timeline plays (as Telegram does), found in the page's order through the players'
 * `data-voice-key` attribute, so the timeline's paging and virtual order need no bookkeeping here.
 */
export interface VoiceHandle {
  play(): void;
  pause(): void;
  /** Played already, or one's own: skipped when playback continues. */
  played(): boolean;
}

const players = new Map<string, VoiceHandle>();
let current: string | null = null;

export function registerVoice(key: string, handle: VoiceHandle) {
  players.set(key, handle);
  return () => {
    if (players.get(key) === handle) players.delete(key);
    if (current === key) current = null;
  };
}

/** Called as a note starts: any other note stops. */
export function startedVoice(key: string) {
  if (current && current !== key) players.get(current)?.pause();
  current = key;
}

/** Called when a note played to its end: the next unplayed note after it on the page plays. */
export function endedVoice(key: string, root: ParentNode = document) {
  if (current === key) current = null;
  const keys = Array.from(root.querySelectorAll<HTMLElement>('[data-voice-key]'), (el) => el.dataset.voiceKey!);
  for (const next of keys.slice(keys.indexOf(key) + 1)) {
    const handle = players.get(next);
    if (handle && !handle.played()) {
      handle.play();
      return next;
    }
  }
  return null;
}

const SPEED_KEY = 'tribeverse:voice-speed';
export type VoiceSpeed = (typeof VOICE_LIMITS.speeds)[number];

/** The playback speed last chosen (1×, 1.5× or 2×), kept for the next notes. */
export function savedSpeed(): VoiceSpeed {
  try {
    const saved = Number(localStorage.getItem(SPEED_KEY));
    return (VOICE_LIMITS.speeds as readonly number[]).includes(saved) ? (saved as VoiceSpeed) : 1;
  } catch {
    return 1;
  }
}

export function nextSpeed(speed: VoiceSpeed): VoiceSpeed {
  const speeds = VOICE_LIMITS.speeds;
  const next = speeds[(speeds.indexOf(speed) + 1) % speeds.length]!;
  try {
    localStorage.setItem(SPEED_KEY, String(next));
  } catch {
    // Not kept: this page still uses it.
  }
  return next;
}

/** 0:07, 1:05, 12:30. */
export function clockOf(ms: number) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The file a recording is sent as: its name tells the send path to ask the server for a voice note (send.ts). */
export const VOICE_FILE_PREFIX = 'voice-message';
export const isVoiceFile = (file: File) => file.name.startsWith(`${VOICE_FILE_PREFIX}.`);

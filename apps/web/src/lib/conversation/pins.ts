import type { QueryClient, QueryKey } from '@tanstack/react-query';

interface Pinnable {
  id: number;
  pinned: boolean;
}

/**
 * The pins of a conversation (newest pin first) after one of its messages changed: a new pin goes first, one
 * unpinned or deleted (a deleted message is never pinned) leaves, and an edited one is replaced where it is.
 */
export function applyToPins<M extends Pinnable>(pins: M[], message: M): M[] {
  const at = pins.findIndex((p) => p.id === message.id);
  if (!message.pinned) return at < 0 ? pins : pins.filter((p) => p.id !== message.id);
  if (at < 0) return [message, ...pins];
  return pins.map((p) => (p.id === message.id ? message : p));
}

/** Keeps a loaded pins list (`{pins}`, as the pins calls answer) in step with a changed message; nothing when not loaded. */
export function updatePins<M extends Pinnable>(queryClient: QueryClient, key: QueryKey, message: M) {
  queryClient.setQueryData<{ pins: M[] }>(key, (data) => {
    if (!data?.pins) return data;
    const pins = applyToPins(data.pins, message);
    return pins === data.pins ? data : { pins };
  });
}

/** What a pin, a reply or its quote shows of a message in one line: its text, or what its file is. */
export function pinSnippet(message: { text: string; media_type?: string | null; deleted?: boolean; voice?: unknown }): string {
  if (message.text) return message.text;
  if (message.voice) return 'Voice message';
  if (message.media_type?.startsWith('image/')) return 'Photo';
  if (message.media_type?.startsWith('video/')) return 'Video';
  if (message.media_type?.startsWith('audio/')) return 'Audio';
  return 'Attachment';
}

import { storedVoice } from '../../lib/voice-notes.ts';

// Its own file: chat-forward.service.ts uses the group messages service, which hands out this type; declared there,
// the two files imported each other.

/** What forwarding takes from the message it copies: its content, and whose it was first. */
export interface ForwardSource {
  text: string;
  mediaUrl: string | null;
  mediaType: string | null;
  fileName: string | null;
  /** A voice note's measure, passed on with its file (lib/voice-notes.ts storedVoice). */
  voice?: { durationMs: number; waveform: number[] };
  /** The original author: the sender, or for a forwarded message the author it named (a forward keeps the first). */
  authorId: number;
  /** False when its sender removed the link's preview: the copy shows none either. */
  linkPreview: boolean;
}

/** What every kind's message row gives forwarding. */
export function forwardSourceOf(row: {
  text: string;
  mediaUrl: string | null;
  mediaType: string | null;
  fileName: string | null;
  voiceDurationMs: number | null;
  voiceWaveform: string | null;
  senderId: number;
  forwardedFromUserId: number | null;
  linkPreviewOff: boolean;
}): ForwardSource {
  return {
    text: row.text,
    mediaUrl: row.mediaUrl,
    mediaType: row.mediaType,
    fileName: row.fileName,
    voice: storedVoice(row),
    authorId: row.forwardedFromUserId ?? row.senderId,
    linkPreview: !row.linkPreviewOff,
  };
}

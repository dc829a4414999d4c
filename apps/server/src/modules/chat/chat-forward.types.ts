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
}

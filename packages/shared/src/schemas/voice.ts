import { z } from '../zod.ts';
import { VOICE_LIMITS } from '../limits.ts';
import { dbIdSchema } from './common.ts';

/**
 * A voice message's measure, as the server read it from the decoded audio (never from the client): its length and
 * VOICE_LIMITS.waveformBars peaks, 0–255, the loudest 255. Set on a message whose file is a voice note, else null.
 */
export const voiceNoteSchema = z.object({
  duration_ms: z.number().int().min(0),
  waveform: z.array(z.number().int().min(0).max(255)).max(VOICE_LIMITS.waveformBars),
});
export type VoiceNote = z.infer<typeof voiceNoteSchema>;

/** The multipart field a send sets beside `file` to say the file is a voice note recorded in the composer. */
export const VOICE_FIELD = 'voice';

/**
 * A voice message's "played" as the viewer sees it, added to `voiceNoteSchema` on a message: for a note they received,
 * whether they played it (on any device); for their own, whether anyone else did. False on the event of a new note,
 * and on an edit's or a reaction's event to everyone (a history page has each viewer's own): a client keeps a true it
 * has.
 */
export const voiceNoteOnMessageSchema = voiceNoteSchema.extend({ played: z.boolean() });
export type VoiceNoteOnMessage = z.infer<typeof voiceNoteOnMessageSchema>;

/** socket `voice:played`: the member played this voice note (not their own), in a conversation they may read now. */
export const voicePlayedPayloadSchema = z.object({ message_id: dbIdSchema() });
export type VoicePlayedPayload = z.infer<typeof voicePlayedPayloadSchema>;

/**
 * socket `voice:played` to members' own sockets: this note is played now as they see it (the listener's other tabs;
 * the sender's sockets when someone else first played it). Who listened is not said.
 */
export interface VoicePlayedEvent {
  message_id: number;
}

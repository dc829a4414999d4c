import { z } from '../zod.ts';
import { VOICE_LIMITS } from '../limits.ts';

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

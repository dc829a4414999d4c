import type { VoiceNoteOnMessage } from '@tribeverse/shared';
import type { StoredAttachment } from '../../lib/attachments.ts';
import { storedVoice } from '../../lib/voice-notes.ts';
import type { StoredMessageRow } from './conversations-messages.repository.ts';

/**
 * Voice messages in every kind of conversation: the length and waveform the server measured (lib/voice-notes.ts)
 * stored on the message row, the waveform as one byte per bar in base64, and handed to clients as numbers.
 */
export function voiceColumns(voice: StoredAttachment['voice']) {
  if (!voice) return { voiceDurationMs: null, voiceWaveform: null };
  return { voiceDurationMs: voice.durationMs, voiceWaveform: Buffer.from(voice.waveform).toString('base64') };
}

/** Unplayed, as everyone is told it: a page gives each viewer their own answer (conversations-voice-plays.ts). */
export function presentVoice(row: Pick<StoredMessageRow, 'voiceDurationMs' | 'voiceWaveform'>): VoiceNoteOnMessage | null {
  const voice = storedVoice(row);
  return voice ? { duration_ms: voice.durationMs, waveform: voice.waveform, played: false } : null;
}

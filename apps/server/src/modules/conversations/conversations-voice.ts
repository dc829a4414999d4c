import type { VoiceNote } from '@tribeverse/shared';
import type { StoredAttachment } from '../../lib/attachments.ts';
import type { StoredMessageRow } from './conversations-messages.repository.ts';

/**
 * Voice messages in every kind of conversation: the length and waveform the server measured (lib/voice-notes.ts)
 * stored on the message row, the waveform as one byte per bar in base64, and handed to clients as numbers.
 */
export function voiceColumns(voice: StoredAttachment['voice']) {
  if (!voice) return { voiceDurationMs: null, voiceWaveform: null };
  return { voiceDurationMs: voice.durationMs, voiceWaveform: Buffer.from(voice.waveform).toString('base64') };
}

export function presentVoice(row: Pick<StoredMessageRow, 'voiceDurationMs' | 'voiceWaveform'>): VoiceNote | null {
  if (row.voiceDurationMs === null || row.voiceWaveform === null) return null;
  return { duration_ms: row.voiceDurationMs, waveform: [...Buffer.from(row.voiceWaveform, 'base64')] };
}

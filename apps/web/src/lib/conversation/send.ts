import { VOICE_FIELD, type ChatAck } from '@tribeverse/shared';
import { ApiError } from '../api-client';
import { isVoiceFile } from './voice-playback';

/** What every kind of message sends: its text, the client_id that makes a retry safe, and what it replies to. */
interface Outgoing {
  client_id: string;
  text: string;
  reply_to?: number;
  /** false: sent without its link's preview (removed in the composer). */
  link_preview?: false;
}

/** The JSON body of a text message (over the socket or HTTP). */
export const sendBody = ({ client_id, text, reply_to, link_preview }: Outgoing) => ({
  text,
  client_id,
  ...(reply_to && { reply_to }),
  ...(link_preview === false && { link_preview }),
});

/** A message with a file, as the upload sends it (files always go over HTTP); `fields` name the conversation. */
export function sendForm({ client_id, text, reply_to }: Outgoing, file: File, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('client_id', client_id);
  if (text.trim()) form.set('text', text);
  if (reply_to) form.set('reply_to', String(reply_to));
  form.set('file', file);
  // A note recorded in the composer: the server checks it as one and keeps its length and waveform.
  if (isVoiceFile(file)) form.set(VOICE_FIELD, '1');
  return form;
}

/**
 * The stored message from a socket send: the acknowledgement comes once it is stored, a refusal keeps its reason,
 * and no answer in time (the emit's timeout) counts as a lost connection, so the sender keeps it for a retry.
 */
export async function acknowledged<M>(ack: Promise<ChatAck<{ message: M }>>): Promise<M> {
  let answer: ChatAck<{ message: M }>;
  try {
    answer = await ack;
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Check your internet connection');
  }
  if (!answer.ok) throw new ApiError(400, answer.code, answer.msg);
  return answer.message;
}

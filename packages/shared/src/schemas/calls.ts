import { z } from '../zod.ts';
import { dbIdSchema } from './common.ts';
import { chatUserSchema } from './chat.ts';

export { callLineSchema, type CallLine } from './calls-line.ts';

/** Error codes of calls; clients branch on them. */
export const CallErrorCode = {
  /** The other person (or the caller) is in a call already. */
  BUSY: 'CALL_BUSY',
  /** The call is over, was answered on another device, or never was this member's. */
  GONE: 'CALL_GONE',
} as const;

export const CALL_MEDIA = ['audio', 'video'] as const;
export type CallMedia = (typeof CALL_MEDIA)[number];

/** How a call ended: hung up after an answer, declined, not answered in time, or refused because someone was busy. */
export const CALL_ENDINGS = ['ended', 'declined', 'missed', 'busy'] as const;
export type CallEnding = (typeof CALL_ENDINGS)[number];

const callId = z.uuid({ error: 'call_id must be a call id' });

/** A call as both people see it. */
export const callSchema = z.object({
  id: z.string(),
  media: z.enum(CALL_MEDIA),
  caller: chatUserSchema,
  callee: chatUserSchema,
  state: z.enum(['ringing', 'active', ...CALL_ENDINGS]),
  created_at: z.string(),
  answered_at: z.string().nullable(),
});
export type Call = z.infer<typeof callSchema>;

/** call:start: ring a member the caller may message. */
export const callStartPayloadSchema = z.object({ peer_id: dbIdSchema(), media: z.enum(CALL_MEDIA) }).strict();
/** call:accept, call:decline, call:hangup. */
export const callIdPayloadSchema = z.object({ call_id: callId }).strict();
/** call:resume: a new socket of a party takes its place in an active call after its old socket closed. */
export const callResumePayloadSchema = callIdPayloadSchema;

/** What WebRTC hands over, as RTCSessionDescriptionInit and RTCIceCandidateInit carry it. */
const sdpSchema = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(20_000) }).strict();
const candidateSchema = z
  .object({
    candidate: z.string().max(1000),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
    usernameFragment: z.string().max(256).nullable().optional(),
  })
  .strict();

/** call:signal: an offer, an answer or an ICE candidate for the other party of the call, relayed as it is. */
export const callSignalPayloadSchema = z
  .object({ call_id: callId, description: sdpSchema.optional(), candidate: candidateSchema.optional() })
  .strict()
  .refine((v) => Boolean(v.description) !== Boolean(v.candidate), 'Send a description or a candidate');
export type CallSignal = z.infer<typeof callSignalPayloadSchema>;

/** The call was answered (on the device `here` is true for; the callee's other devices stop ringing). */
export interface CallAcceptedEvent {
  call: Call;
}
export interface CallEndedEvent {
  call_id: string;
  state: CallEnding;
  /** Seconds from the answer to the end; null when it was never answered. */
  duration: number | null;
}

/** To the other party's socket: the one who was away is back on a new socket (renegotiate if the media dropped). */
export interface CallResumedEvent {
  call_id: string;
}

/** GET /api/calls/ice-servers: STUN and TURN servers, TURN with credentials good until `expires_at`. */
export const iceServersSchema = z.object({
  ice_servers: z.array(z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() })),
  expires_at: z.string().nullable(),
  /** How long the server waits for a party whose socket closed (CALL_RECONNECT_SECONDS): a broken media path is given longer. */
  reconnect_seconds: z.number().int().positive(),
});
export type IceServers = z.infer<typeof iceServersSchema>;

import { z } from 'zod';

// Part of env.ts (the only reader of process.env): the variables of one-to-one calls.

const urlList = (schemes: string[]) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .refine(
        (v) => v.split(',').every((u) => schemes.some((s) => u.trim().startsWith(s)) && u.trim().length > s0(u)),
        `must be comma-separated ${schemes.join(' or ')} URLs (e.g. ${schemes[0]}turn.example.org:3478)`,
      )
      .optional(),
  );
const s0 = (u: string) => u.trim().indexOf(':') + 1;

export const callsEnv = {
  /** STUN servers offered to browsers, e.g. stun:turn.example.org:3478. Unset: none (calls on one network still work). */
  STUN_URLS: urlList(['stun:', 'stuns:']),
  /** TURN servers (coturn), e.g. turn:turn.example.org:3478?transport=udp,turns:turn.example.org:5349. */
  TURN_URLS: urlList(['turn:', 'turns:']),
  /** coturn's static-auth-secret: each member gets credentials made from it, good for TURN_TTL_SECONDS. */
  TURN_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16, 'must be at least 16 characters').optional()),
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** How long a call rings before it counts as missed. */
  CALL_RING_SECONDS: z.coerce.number().int().min(1).max(600).default(45),
  /** How long a call waits for a member whose socket closed mid-call (a network switch, a restart) to come back. */
  CALL_RECONNECT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
};

export interface CallsConfig {
  stunUrls: string[];
  turnUrls: string[];
  turnSecret?: string;
  turnTtlSeconds: number;
  ringSeconds: number;
  reconnectSeconds: number;
}

type CallsEnv = z.infer<z.ZodObject<typeof callsEnv>>;

/** `fail`: stops start-up with env.ts's one-line error. */
export function callsConfig(e: CallsEnv, fail: (message: string) => never): CallsConfig {
  const list = (v?: string) => (v ? v.split(',').map((u) => u.trim()) : []);
  if (e.TURN_URLS && !e.TURN_SECRET) fail('TURN_SECRET: give it with TURN_URLS (coturn static-auth-secret)');
  return {
    stunUrls: list(e.STUN_URLS),
    turnUrls: list(e.TURN_URLS),
    turnSecret: e.TURN_SECRET,
    turnTtlSeconds: e.TURN_TTL_SECONDS,
    ringSeconds: e.CALL_RING_SECONDS,
    reconnectSeconds: e.CALL_RECONNECT_SECONDS,
  };
}

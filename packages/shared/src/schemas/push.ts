import { z } from '../zod.ts';

/** Error codes of web push; clients branch on them. */
export const PushErrorCode = {
  /** The endpoint is not https, or does not resolve to public addresses only (it must be a push service). */
  ENDPOINT_REFUSED: 'PUSH_ENDPOINT_REFUSED',
  /** A mail's unsubscribe link that is not one of ours (altered, or cut short). */
  UNSUBSCRIBE_TOKEN_INVALID: 'UNSUBSCRIBE_TOKEN_INVALID',
} as const;

/** The VAPID application server key a browser subscribes with (`applicationServerKey`), base64url. */
export const pushKeySchema = z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .refine((v) => Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes, `${what} must be ${bytes} bytes`);

/**
 * A browser's PushSubscription as toJSON() gives it. p256dh is the browser's P-256 public key (65 bytes,
 * uncompressed), auth its 16-byte secret (RFC 8291). Unknown fields (expirationTime) are ignored.
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .url({ error: 'endpoint must be a URL' })
    .max(2000)
    .refine((v) => v.toLowerCase().startsWith('https://'), 'endpoint must be an https URL'),
  keys: z.object({ p256dh: base64url(65, 'keys.p256dh'), auth: base64url(16, 'keys.auth') }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushSubscriptionCreatedSchema = z.object({ id: z.number().int() });

/** What a push is about: the switches of Settings → Notifications, one per group of kinds. */
export const PUSH_KINDS = ['messages', 'mentions', 'follows', 'likes', 'communities'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** Mail the app sends on its own, one switch per kind: `missed_messages` is the mail of what came while away. */
export const MAIL_KINDS = ['missed_messages'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * The member's notification settings: `previews` false leaves every push's (and missed-message mail's) text out; a
 * kind switched off sends nothing.
 */
export const pushPreferencesSchema = z.object({
  previews: z.boolean(),
  kinds: z.object({
    messages: z.boolean(),
    mentions: z.boolean(),
    follows: z.boolean(),
    likes: z.boolean(),
    communities: z.boolean(),
  }),
  mail: z.object({ missed_messages: z.boolean() }),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

export const updatePushPreferencesBodySchema = z
  .object({
    previews: z.boolean(),
    kinds: pushPreferencesSchema.shape.kinds.partial().strict(),
    mail: pushPreferencesSchema.shape.mail.partial().strict(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdatePushPreferencesBody = z.infer<typeof updatePushPreferencesBodySchema>;

/**
 * The decrypted body of a push, what the service worker shows: `tag` groups pushes (one per conversation, the
 * newest replacing the one before), `url` is the page a click opens, `body` is absent with previews off.
 */
export const pushMessageSchema = z.object({
  kind: z.string(),
  title: z.string(),
  body: z.string().optional(),
  url: z.string(),
  tag: z.string(),
  /** The sender's or actor's avatar, when they have one. */
  icon: z.string().optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/**
 * The signed token of a missed-message mail's one-click unsubscribe link (RFC 8058): it names the member and the kind
 * of mail, so it works without signing in.
 */
export const mailUnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(200) });

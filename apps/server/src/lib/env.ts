import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';
import { serverRoot } from './server-root.ts';
import { callsConfig, callsEnv, type CallsConfig } from './env-calls.ts';

/** The only reader of process.env. A bad value stops start-up with one line naming the variable. */
const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => p + '//').join(' or ')}`,
    );

const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'])),
  REDIS_URL: optional(url(['redis:', 'rediss:'])),
  SMTP_URL: optional(url(['smtp:', 'smtps:'])),
  MAIL_FROM: z.string().default('Tribeverse <no-reply@tribeverse.local>'),
  PUBLIC_URL: optional(url(['http:', 'https:'])),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  GOOGLE_ISSUER_URL: url(['http:', 'https:']).default('https://accounts.google.com'),
  APPLE_CLIENT_ID: optional(z.string()),
  APPLE_CLIENT_SECRET: optional(z.string()),
  APPLE_ISSUER_URL: url(['http:', 'https:']).default('https://appleid.apple.com'),
  /**
   * Apple's client secret is a JWT signed with the team's Sign in with Apple key, valid for six months at most. Given
   * the key (its .p8 file's text, or the file's path), the Team ID and the Key ID, the app signs a short-lived one for
   * each sign-in itself, instead of APPLE_CLIENT_SECRET made by hand and renewed before it runs out.
   */
  APPLE_TEAM_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Team ID of the Apple developer account'),
  ),
  APPLE_KEY_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Key ID of the Sign in with Apple key'),
  ),
  APPLE_PRIVATE_KEY: optional(z.string().trim()),
  /**
   * The OpenAPI document and its page (/api/docs): always outside production; in production only when 'on' (a map
   * of every route is for whoever builds against the API, and the web app does not need it).
   */
  API_DOCS: z.enum(['on', 'off']).optional(),
  /** Who may read GET /metrics besides the machine itself: a caller sending it as a bearer token. */
  METRICS_TOKEN: optional(z.string().trim().min(16, 'must be at least 16 characters (a long random string)')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optional(z.string()),
  /**
   * 32 bytes (64 hex characters or base64) that encrypt stored secrets (authenticator apps'). Unset, a key is made
   * once in DATA_DIR/secrets.key; processes that do not share DATA_DIR must share this instead.
   */
  SECRETS_KEY: optional(
    z
      .string()
      .trim()
      .refine((v) => keyBytes(v) !== null, 'must be 32 bytes: 64 hex characters or 44 base64 characters'),
  ),
  /**
   * How often each process records who is connected to it. One silent for three beats (killed, crashed) is taken as
   * gone by the others, and its members as offline from its last beat.
   */
  PRESENCE_BEAT_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /**
   * Web push's VAPID keys (base64url, as `web-push generate-vapid-keys` prints them) and the contact the push services
   * see (mailto: or https:). Unset, a key pair is made once in DATA_DIR/vapid.json; processes that do not share
   * DATA_DIR must share these instead (a browser's subscription holds the public key it was made with).
   */
  VAPID_PUBLIC_KEY: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key, base64url (87 characters)'),
  ),
  VAPID_PRIVATE_KEY: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (43 characters)'),
  ),
  VAPID_SUBJECT: optional(url(['mailto:', 'https:'])),
  /** Lets push subscriptions point at loopback and private addresses: for tests running a push service of their own. */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: z.enum(['0', '1']).default('0'),
  /**
   * A member with unread direct or group messages or mentions who has not been connected for this long is mailed
   * one list of them, then nothing until they have been back.
   */
  MISSED_MAIL_AFTER_SECONDS: z.coerce.number().int().min(1).max(2_592_000).default(900),
  /**
   * The instance's admins: accounts with these addresses (comma-separated), once confirmed. They appoint moderators
   * and see the admin area (/admin); nobody else learns it exists.
   */
  ADMIN_EMAILS: optional(
    z
      .string()
      .trim()
      .refine(
        (v) => v.split(',').every((a) => z.email().safeParse(a.trim()).success),
        'must be comma-separated email addresses (e.g. ada@example.org,ben@example.org)',
      ),
  ),
  /** Lets link previews fetch pages on loopback and private addresses: for tests serving pages of their own. */
  LINK_PREVIEW_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  /** Multiplies every per-IP request limit; the browser journeys raise it because all their users share one address. */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  /**
   * Which proxies may say who the client is (X-Forwarded-For). Off by default: otherwise any client picks its own
   * address and walks past every per-address limit. A hop count ("1") or the proxies' addresses/CIDRs, comma-separated.
   */
  TRUST_PROXY: optional(
    z
      .string()
      .trim()
      .refine(
        (v) => /^\d{1,2}$/.test(v) || v.split(',').every((a) => isIP(a.trim().split('/')[0]!) !== 0),
        'must be a hop count (e.g. 1) or comma-separated proxy addresses (e.g. 10.0.0.1,10.0.1.0/24)',
      ),
  ),
  ...callsEnv,
});

export interface OidcProviderConfig {
  clientId: string;
  clientSecret?: string;
  issuerUrl: string;
  /** Apple: the key its client secrets are signed with (instead of a fixed clientSecret). */
  signingKey?: AppleSigningKey;
}

export interface AppleSigningKey {
  teamId: string;
  keyId: string;
  key: crypto.KeyObject;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  logLevel: string;
  webDist: string;
  rateLimitFactor: number;
  /** ADMIN_EMAILS, lower-cased: the instance's admins once their address is confirmed. */
  adminEmails: string[];
  /** The key that encrypts stored secrets, when given; else one kept in DATA_DIR/secrets.key. */
  secretsKey?: Buffer;
  /** Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses. */
  trustProxy: false | number | string[];
  oidc: { google?: OidcProviderConfig; apple?: OidcProviderConfig };
  presenceBeatSeconds: number;
  /** GET /metrics is also served to callers with this bearer token (METRICS_TOKEN). */
  metricsToken?: string;
  /** Whether /api/docs is served (API_DOCS; by default everywhere but in production). */
  apiDocs: boolean;
  /** LINK_PREVIEW_ALLOW_PRIVATE: link previews may fetch from loopback and private addresses (tests only). */
  linkPreviewAllowPrivate: boolean;
  push: {
    /** Given VAPID keys (both or neither); else a pair kept in DATA_DIR. */
    vapidKeys?: { publicKey: string; privateKey: string };
    /** The contact push services see; PUBLIC_URL unless VAPID_SUBJECT says otherwise. */
    subject: string;
    allowPrivateEndpoints: boolean;
    /** How long a member is away before the mail of what they missed (MISSED_MAIL_AFTER_SECONDS). */
    missedMailAfterSeconds: number;
  };
  /** One-to-one calls: ICE servers, how long a call rings and waits for a member to reconnect (lib/env-calls.ts). */
  calls: CallsConfig;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const provider = (id?: string, secret?: string, issuer?: string): OidcProviderConfig | undefined =>
    id ? { clientId: id, clientSecret: secret, issuerUrl: issuer! } : undefined;
  const apple = provider(e.APPLE_CLIENT_ID, e.APPLE_CLIENT_SECRET, e.APPLE_ISSUER_URL);
  const signingKey = appleSigningKey(e);
  if (apple && signingKey) apple.signingKey = signingKey;
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverRoot, '../web/dist')),
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    adminEmails: e.ADMIN_EMAILS ? e.ADMIN_EMAILS.split(',').map((a) => a.trim().toLowerCase()) : [],
    presenceBeatSeconds: e.PRESENCE_BEAT_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    apiDocs: e.API_DOCS ? e.API_DOCS === 'on' : e.NODE_ENV !== 'production',
    linkPreviewAllowPrivate: e.LINK_PREVIEW_ALLOW_PRIVATE === '1',
    secretsKey: e.SECRETS_KEY ? keyBytes(e.SECRETS_KEY)! : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    push: pushConfig(e),
    calls: callsConfig(e, (message) => {
      throw new ConfigError(message);
    }),
    oidc: {
      google: provider(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_ISSUER_URL),
      apple,
    },
  };
}

/** The three go together, and replace a fixed secret; the key must be what Apple issues (P-256, for ES256). */
function appleSigningKey(e: z.infer<typeof envSchema>): AppleSigningKey | undefined {
  const given = [e.APPLE_PRIVATE_KEY, e.APPLE_TEAM_ID, e.APPLE_KEY_ID].filter(Boolean).length;
  if (!given) return undefined;
  if (given < 3) throw new ConfigError('APPLE_PRIVATE_KEY: give it with APPLE_TEAM_ID and APPLE_KEY_ID (all three, or none)');
  if (e.APPLE_CLIENT_SECRET)
    throw new ConfigError('APPLE_CLIENT_SECRET: leave it unset when APPLE_PRIVATE_KEY is given (the app signs its own)');
  const value = e.APPLE_PRIVATE_KEY!;
  let pem: string;
  try {
    // An env file often holds a PEM on one line, its line breaks written as \n.
    pem = value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : fs.readFileSync(value, 'utf8');
  } catch {
    // The value is not repeated: it may be key material without its PEM lines rather than a path.
    throw new ConfigError("APPLE_PRIVATE_KEY: cannot read it as a key file (give the .p8 file's path, or its text)");
  }
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey(pem);
  } catch {
    throw new ConfigError('APPLE_PRIVATE_KEY: is not a private key in PEM form (the text of the .p8 file Apple gives)');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new ConfigError('APPLE_PRIVATE_KEY: must be a P-256 key, as Apple issues for Sign in with Apple');
  return { teamId: e.APPLE_TEAM_ID!, keyId: e.APPLE_KEY_ID!, key };
}

function pushConfig(e: z.infer<typeof envSchema>): Config['push'] {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError('VAPID_PRIVATE_KEY: give it with VAPID_PUBLIC_KEY (both, or neither)');
  return {
    vapidKeys: e.VAPID_PUBLIC_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY! } : undefined,
    // A push service takes only mailto: or https: contacts: a plain-http PUBLIC_URL (development) cannot be one.
    subject: e.VAPID_SUBJECT ?? (e.PUBLIC_URL?.startsWith('https:') ? e.PUBLIC_URL.replace(/\/$/, '') : 'mailto:admin@localhost'),
    allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS === '1',
    missedMailAfterSeconds: e.MISSED_MAIL_AFTER_SECONDS,
  };
}

/** A 32-byte key written as hex or base64, or null. */
export function keyBytes(value: string): Buffer | null {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : null;
}

function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (!value || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((a) => a.trim());
}

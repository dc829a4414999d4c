import { z } from '../zod.ts';
import { ADMIN_LIMITS, adminTextSchema } from './admin.ts';
import { textSchema } from './common.ts';

/**
 * The instance's settings in the admin area: who may sign up (approval, invites, proof of work), its rules, the
 * dashboard's figures and the content filters.
 */

/** Who may sign up: anyone, anyone but an admin lets them in, only with an invite, or nobody. */
export const REGISTRATION_MODES = ['open', 'approval', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

const rule = adminTextSchema(ADMIN_LIMITS.reasonMax).min(1, 'A rule cannot be empty');
export const instanceSettingsSchema = z.object({
  registration: z.enum(REGISTRATION_MODES),
  /** The instance's rules, shown at sign-up (and accepted there) in this order. */
  rules: z.array(z.string()),
  /** Sign-up needs a solved altcha challenge (GET /api/instance/challenge), sent as `altcha` with the form. */
  proof_of_work: z.boolean(),
  /**
   * For this many hours after sign-up an account posts no links and messages (or adds to groups) only people it
   * follows or who follow it: 403 NEW_ACCOUNT_LIMIT. 0: no such limit.
   */
  new_account_hours: z.number().int(),
  /** Asked at sign-up while sign-ups need approval (`approval_answer`); admins read the answer when approving. */
  approval_question: z.string().nullable(),
});
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;
export const updateInstanceSettingsBodySchema = z
  .object({
    registration: z.enum(REGISTRATION_MODES),
    rules: z.array(rule).max(20, 'At most 20 rules'),
    proof_of_work: z.boolean(),
    new_account_hours: z
      .number()
      .int()
      .min(0, 'At least 0')
      .max(24 * 30, 'At most 720 hours'),
    approval_question: adminTextSchema(ADMIN_LIMITS.reasonMax).nullable(),
  })
  .partial();
export type UpdateInstanceSettingsBody = z.input<typeof updateInstanceSettingsBodySchema>;

/** POST /api/auth/register in 'approval' mode: 202, no session; the account waits for an admin. */
export const registrationPendingSchema = z.object({ status: z.literal('pending'), message: z.string() });
export type RegistrationPending = z.infer<typeof registrationPendingSchema>;

/** Sign-ups waiting for an admin (GET /api/admin/registrations), oldest first. */
export const pendingRegistrationsSchema = z.object({
  registrations: z.array(z.object({ user_id: z.number().int(), email: z.string(), answer: z.string().nullable(), created_at: z.string() })),
});
export type PendingRegistrations = z.infer<typeof pendingRegistrationsSchema>;

/** An instance invite (POST /api/admin/invites): one sign-up each, within a week. */
export const instanceInviteSchema = z.object({ code: z.string(), expires_at: z.string() });
export type InstanceInvite = z.infer<typeof instanceInviteSchema>;

/** GET /api/instance/challenge: an altcha (v2) proof-of-work challenge, as the altcha widget takes it. */
export const altchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});

/** GET /api/admin/stats: the dashboard's figures for the last `days` days (UTC), today included. */
export const adminStatsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const adminStatsDaySchema = z.object({
  /** YYYY-MM-DD (UTC), oldest first. */
  date: z.string(),
  signups: z.number().int(),
  /** Members who posted or sent a message that day. */
  active_members: z.number().int(),
  messages: z.number().int(),
  posts: z.number().int(),
  /** Reports still open at the end of that day (now, for today). */
  open_reports: z.number().int(),
});
export const adminStatsSchema = z.object({ days: z.array(adminStatsDaySchema) });
export type AdminStats = z.infer<typeof adminStatsSchema>;
export type AdminStatsDay = z.infer<typeof adminStatsDaySchema>;

/**
 * GET/PUT /api/admin/filters: words and link domains the instance refuses in posts, comments, names, bios and
 * messages (422 CONTENT_FILTERED). A word matches whole, in any case; a domain matches itself and its subdomains.
 * 'hold' keeps a post, seen by its author alone (marked `held`), until a moderator releases or removes it
 * (/api/admin/held); in comments, messages, names and bios a 'hold' entry refuses, as 'refuse' does.
 */
export const FILTER_KINDS = ['word', 'domain'] as const;
export const FILTER_ACTIONS = ['refuse', 'hold'] as const;
export const filterEntrySchema = z.object({
  pattern: textSchema({ error: 'Give a word or a domain' })
    .trim()
    .toLowerCase()
    .min(1, 'Give a word or a domain')
    .max(100, 'At most 100 characters'),
  kind: z.enum(FILTER_KINDS),
  action: z.enum(FILTER_ACTIONS),
});
export type FilterEntry = z.infer<typeof filterEntrySchema>;
export const adminFiltersSchema = z.object({ entries: z.array(filterEntrySchema).max(1000, 'At most 1000 entries') });
export type AdminFilters = z.infer<typeof adminFiltersSchema>;

import { z } from '../zod.ts';
import { dbIdSchema, textSchema } from './common.ts';

/**
 * Running an instance: its admins (ADMIN_EMAILS) and the moderators they appoint, reports of anything a member can
 * see, suspensions and the audit log. Every /api/admin/* call answers 404 to anyone without an instance role.
 */

const id = dbIdSchema();

export const INSTANCE_ROLES = ['admin', 'moderator'] as const;
export type InstanceRole = (typeof INSTANCE_ROLES)[number];

export const ADMIN_LIMITS = {
  reasonMax: 500,
  noteMax: 2000,
  /** Messages of one private conversation a reporter may copy into one report. */
  reportMessagesMax: 20,
  pageSize: 50,
} as const;

const reason = (what: string) =>
  textSchema({ error: `Give ${what}` })
    .trim()
    .min(1, `Give ${what}`)
    .max(ADMIN_LIMITS.reasonMax, `At most ${ADMIN_LIMITS.reasonMax} characters`);
const note = textSchema().trim().max(ADMIN_LIMITS.noteMax, `At most ${ADMIN_LIMITS.noteMax} characters`);

/** A member as the admin area shows them. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  full_name: z.string().nullable(),
  profile_picture: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const REPORT_TARGET_KINDS = ['post', 'comment', 'user', 'message', 'community'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

/**
 * POST /api/reports. For a message, `id` is the message reported and `message_ids` the further messages of the same
 * conversation the reporter picks to go with it: those are copied into the report, and moderators read nothing else.
 */
export const instanceReportBodySchema = z.object({
  target: z.object({ kind: z.enum(REPORT_TARGET_KINDS), id }),
  reason: reason('a reason'),
  note: note.optional(),
  message_ids: z
    .array(id)
    .max(ADMIN_LIMITS.reportMessagesMax - 1, `At most ${ADMIN_LIMITS.reportMessagesMax} messages`)
    .optional(),
});
export type InstanceReportBody = z.input<typeof instanceReportBodySchema>;
export const instanceReportCreatedSchema = z.object({ id: z.number().int(), status: z.literal('open') });

/** A message as the report copied it when it was made: later edits and deletions do not change it. */
export const reportedMessageSchema = z.object({
  id: z.number().int(),
  sender: adminUserSchema.nullable(),
  text: z.string(),
  /** 'image', 'video', 'audio', 'file' when the message carried one (the file itself is not copied). */
  media_type: z.string().nullable(),
  created_at: z.string(),
});

/** What was reported, as it stood at report time, with what it needs to be judged (the post a comment is under). */
export const reportedContentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('post'), text: z.string(), images: z.array(z.string()), created_at: z.string() }),
  z.object({ kind: z.literal('comment'), post_id: z.number().int(), text: z.string(), post_text: z.string(), created_at: z.string() }),
  z.object({ kind: z.literal('user'), bio: z.string().nullable() }),
  z.object({
    kind: z.literal('message'),
    conversation: z.enum(['direct', 'group', 'channel']),
    messages: z.array(reportedMessageSchema),
  }),
  z.object({ kind: z.literal('community'), name: z.string(), description: z.string() }),
]);
export type ReportedContent = z.infer<typeof reportedContentSchema>;

/**
 * 'warn': the member is sent the moderators' note; 'silence': their posts reach only their followers (until lifted,
 * DELETE /api/admin/users/{id}/silence); 'suspend': as POST /api/admin/users/{id}/suspend.
 */
export const REPORT_ACTIONS = ['dismiss', 'remove_content', 'warn', 'silence', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const instanceReportSchema = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'resolved']),
  target: z.object({ kind: z.enum(REPORT_TARGET_KINDS), id: z.number().int() }),
  reason: z.string(),
  note: z.string().nullable(),
  reporter: adminUserSchema.nullable(),
  /** Whom the report is about: the author, the sender, the member, the community's owner. */
  reported_user: adminUserSchema.nullable(),
  content: reportedContentSchema,
  /** Earlier reports about the same member, newest first (at most 10). */
  earlier_reports: z.array(
    z.object({
      id: z.number().int(),
      reason: z.string(),
      status: z.enum(['open', 'resolved']),
      action: z.enum(REPORT_ACTIONS).nullable(),
      created_at: z.string(),
    }),
  ),
  action: z.enum(REPORT_ACTIONS).nullable(),
  resolution_note: z.string().nullable(),
  resolved_by: adminUserSchema.nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
});
export type InstanceReport = z.infer<typeof instanceReportSchema>;

export const adminReportsQuerySchema = z.object({
  status: z.enum(['open', 'resolved']).default('open'),
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_LIMITS.pageSize),
});
export const adminReportsPageSchema = z.object({ reports: z.array(instanceReportSchema), next_cursor: z.number().int().nullable() });
export type AdminReportsPage = z.infer<typeof adminReportsPageSchema>;

/** `note` is told to the reporter with the outcome; a suspension takes it as its reason (else the report's reason). */
export const resolveInstanceReportBodySchema = z.object({ action: z.enum(REPORT_ACTIONS), note: note.optional() });
export type ResolveInstanceReportBody = z.input<typeof resolveInstanceReportBodySchema>;

/** `until` absent: until lifted. */
export const suspendBodySchema = z.object({
  reason: reason('the reason the member will read'),
  until: z.iso.datetime({ offset: true, error: 'A date and time (ISO 8601)' }).optional(),
});
export type SuspendBody = z.input<typeof suspendBodySchema>;
export const suspensionSchema = z.object({
  user_id: z.number().int(),
  reason: z.string(),
  until: z.string().nullable(),
  created_at: z.string(),
});
export type Suspension = z.infer<typeof suspensionSchema>;

/**
 * POST /api/admin/users/{id}/silence (DELETE lifts it): the member's posts reach only their followers, out of
 * everyone else's feeds and searches. Same body and answer as a suspension.
 */
export const silenceBodySchema = suspendBodySchema;
export type SilenceBody = SuspendBody;
export const silenceSchema = suspensionSchema;
export type Silence = Suspension;

/** GET /api/admin/users/restricted: who is suspended (or silenced) now. */
export const restrictedQuerySchema = z.object({ kind: z.enum(['suspended', 'silenced']).default('suspended') });
export const restrictedMembersSchema = z.object({ members: z.array(suspensionSchema.extend({ user: adminUserSchema })) });
export type RestrictedMembers = z.infer<typeof restrictedMembersSchema>;

export const adminUserParamsSchema = z.object({ id });
export const moderatorParamsSchema = z.object({ userId: id });
export const moderatorsSchema = z.object({ moderators: z.array(adminUserSchema.extend({ appointed_at: z.string() })) });
export type Moderators = z.infer<typeof moderatorsSchema>;

export const ADMIN_AUDIT_ACTIONS = [
  'moderator.appoint',
  'moderator.dismiss',
  'report.dismiss',
  'report.remove_content',
  'report.warn',
  'report.silence',
  'report.suspend',
  'user.suspend',
  'user.unsuspend',
  'user.silence',
  'user.unsilence',
  'filters.update',
  'settings.update',
  'registration.approve',
  'registration.decline',
  'invite.create',
  'appeal.accept',
  'appeal.reject',
  'held.release',
  'held.remove',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];
export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(ADMIN_AUDIT_ACTIONS),
  actor: adminUserSchema.nullable(),
  target_user: adminUserSchema.nullable(),
  /** The reason given, if any. */
  reason: z.string().nullable(),
  /** What the action touched, e.g. {report_id, target_kind, target_id}, {until}. */
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditQuerySchema = z.object({
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_LIMITS.pageSize),
});
export const adminAuditPageSchema = z.object({ entries: z.array(adminAuditEntrySchema), next_cursor: z.number().int().nullable() });
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

/** Who may sign up: anyone, anyone but an admin lets them in, only with an invite, or nobody. */
export const REGISTRATION_MODES = ['open', 'approval', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

const rule = textSchema()
  .trim()
  .min(1, 'A rule cannot be empty')
  .max(ADMIN_LIMITS.reasonMax, `At most ${ADMIN_LIMITS.reasonMax} characters`);
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
    approval_question: textSchema().trim().max(ADMIN_LIMITS.reasonMax, `At most ${ADMIN_LIMITS.reasonMax} characters`).nullable(),
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

/** GET /api/admin/held: posts a 'hold' filter kept back, oldest first, to release or remove. */
export const heldPostSchema = z.object({
  post_id: z.number().int(),
  author: adminUserSchema.nullable(),
  text: z.string(),
  created_at: z.string(),
});
export const heldPostsSchema = z.object({ posts: z.array(heldPostSchema) });
export type HeldPosts = z.infer<typeof heldPostsSchema>;
export type HeldPost = z.infer<typeof heldPostSchema>;
/** POST /api/admin/held/{id}/remove: `note` is told to the author as the reason. */
export const resolveHeldBodySchema = z.object({ note: note.optional() });

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

/** Text staff or members type in the admin area, trimmed, at most `max` characters. */
export const adminTextSchema = (max: number, params?: Parameters<typeof textSchema>[0]) =>
  textSchema(params).trim().max(max, `At most ${max} characters`);
/** A reason someone will read: required. */
const reason = (what: string) => adminTextSchema(ADMIN_LIMITS.reasonMax, { error: `Give ${what}` }).min(1, `Give ${what}`);
/** A note from staff with a decision (told to the reporter, the member or the author). */
export const adminNoteSchema = adminTextSchema(ADMIN_LIMITS.noteMax);

/** The paging of the admin area's lists: newest first, the rows older than `before` (the previous `next_cursor`). */
export const adminPageQueryFields = {
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_LIMITS.pageSize),
};

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
  note: adminNoteSchema.optional(),
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
  /** A member: their bio, or for a name and bio held for review, both (`name`). */
  z.object({ kind: z.literal('user'), bio: z.string().nullable(), name: z.string().nullable().optional() }),
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

export const adminReportsQuerySchema = z.object({ status: z.enum(['open', 'resolved']).default('open'), ...adminPageQueryFields });
export const adminReportsPageSchema = z.object({ reports: z.array(instanceReportSchema), next_cursor: z.number().int().nullable() });
export type AdminReportsPage = z.infer<typeof adminReportsPageSchema>;

/** `note` is told to the reporter with the outcome; a suspension takes it as its reason (else the report's reason). */
export const resolveInstanceReportBodySchema = z.object({ action: z.enum(REPORT_ACTIONS), note: adminNoteSchema.optional() });
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
export const adminAuditQuerySchema = z.object(adminPageQueryFields);
export const adminAuditPageSchema = z.object({ entries: z.array(adminAuditEntrySchema), next_cursor: z.number().int().nullable() });
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

/** What a 'hold' filter entry can keep back for review. */
export const HELD_KINDS = ['post', 'comment', 'message', 'profile'] as const;
export const heldKindSchema = z.enum(HELD_KINDS);
export type HeldKind = z.infer<typeof heldKindSchema>;
/** GET /api/admin/held: everything a 'hold' filter kept back, oldest first, to release or remove. */
export const heldItemSchema = z.object({
  kind: heldKindSchema,
  /** The post's, comment's or message's id; for a profile, its member's. */
  id: z.number().int(),
  author: adminUserSchema.nullable(),
  text: z.string(),
  /** Where it is, e.g. 'Comment on a post by @ann', 'In the group Hikers'. */
  context: z.string().nullable(),
  created_at: z.string(),
});
export const heldQueueSchema = z.object({ items: z.array(heldItemSchema) });
export type HeldQueue = z.infer<typeof heldQueueSchema>;
export type HeldItem = z.infer<typeof heldItemSchema>;
export const heldParamsSchema = z.object({ kind: heldKindSchema, id: dbIdSchema() });
/** POST /api/admin/held/{kind}/{id}/remove: `note` is told to the author as the reason. */
export const resolveHeldBodySchema = z.object({ note: adminNoteSchema.optional() });

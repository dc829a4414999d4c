import { z } from '../zod.ts';
import { COMMUNITY_LIMITS } from '../limits.ts';
import { dbIdSchema, textSchema } from './common.ts';
import { communityUserSchema } from './communities.ts';

/** Community moderation: reports, the admins' queue and the audit log. */

const id = dbIdSchema();

/** POST …/reports: a message or a member (one of them), with a reason; the reported member is never told. */
export const createReportBodySchema = z
  .object({
    reason: textSchema({ error: 'Give a reason' }).trim().min(1, 'Give a reason').max(COMMUNITY_LIMITS.reasonMax),
    message_id: id.optional(),
    user_id: id.optional(),
  })
  .refine((b) => b.message_id !== undefined || b.user_id !== undefined, { message: 'Report a message or a member', path: ['message_id'] });
export type CreateReportBody = z.input<typeof createReportBodySchema>;

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export const reportSchema = z.object({
  id: z.number().int(),
  community_id: z.number().int(),
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  reporter: communityUserSchema,
  /** The member reported (for a message: its sender). */
  reported_user: communityUserSchema.nullable(),
  message: z.object({ id: z.number().int(), text: z.string(), deleted: z.boolean() }).nullable(),
  created_at: z.string(),
  resolved_by: communityUserSchema.nullable(),
  resolved_at: z.string().nullable(),
});
export type CommunityReport = z.infer<typeof reportSchema>;
export const createReportResultSchema = z.object({ id: z.number().int(), status: z.literal('open') });
/** GET …/reports (review_reports): open ones by default, newest first. */
export const reportsQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const reportsPageSchema = z.object({ reports: z.array(reportSchema), next_cursor: z.number().int().nullable() });
export const reportParamsSchema = z.object({ id, reportId: id });
export const resolveReportBodySchema = z.object({ status: z.enum(['resolved', 'dismissed']) });

export const AUDIT_ACTIONS = [
  'community.create',
  'community.update',
  'community.transfer',
  'member.approve',
  'member.decline',
  'member.role',
  'member.timeout',
  'member.remove',
  'member.ban',
  'member.unban',
  'member.invite',
  'member.uninvite',
  'message.remove',
  'invite.create',
  'invite.revoke',
  'report.resolve',
  'thread.remove',
  'post.remove',
  'event.remove',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  actor: communityUserSchema,
  target_user: communityUserSchema.nullable(),
  /** What the action changed, e.g. {role: 'moderator'}, {timeout_until}, {message_id}, {report_id}. */
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = z.object({ before: id.optional(), limit: z.coerce.number().int().min(1).max(100).default(50) });
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next_cursor: z.number().int().nullable() });

/** GET …/bans (ban_member); DELETE …/bans/{userId} lifts one (the member may then join again). */
export const bansSchema = z.object({ bans: z.array(communityUserSchema.extend({ banned_at: z.string() })) });

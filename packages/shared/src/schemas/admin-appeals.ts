import { z } from '../zod.ts';
import { adminNoteSchema, adminPageQueryFields, adminTextSchema, adminUserSchema, ADMIN_LIMITS, reportedContentSchema } from './admin.ts';
import { dbIdSchema } from './common.ts';

/**
 * Appeals (issue 40): a member whose content was removed or whose account was suspended asks, once per action, for
 * it to be reversed; the instance's staff accept (the content comes back, the suspension is lifted) or reject it with
 * a note, and the member is told either way.
 */

const id = dbIdSchema();
const appealText = adminTextSchema(ADMIN_LIMITS.noteMax, { error: 'Say why this should be reversed' }).min(
  1,
  'Say why this should be reversed',
);

/** What can be appealed: a removal of content, or a suspension. */
export const APPEALABLE_ACTIONS = ['remove_content', 'suspend'] as const;
export type AppealableAction = (typeof APPEALABLE_ACTIONS)[number];
export const APPEAL_STATUSES = ['open', 'accepted', 'rejected'] as const;

/** POST /api/appeals (signed in): `action_id` is the one in the `content_removed` notification. */
export const appealBodySchema = z.object({ action_id: id, text: appealText });
export type AppealBody = z.input<typeof appealBodySchema>;

/**
 * POST /api/appeals/suspension (no session): `token` is the `appeal_token` of the 403 ACCOUNT_SUSPENDED that signing
 * in answered. It appeals that suspension and nothing else; it never signs anyone in.
 */
export const suspensionAppealBodySchema = z.object({ token: z.string().min(1).max(500), text: appealText });
export type SuspensionAppealBody = z.input<typeof suspensionAppealBodySchema>;

/** An appeal as its author sees it. */
export const appealSchema = z.object({
  id: z.number().int(),
  action: z.enum(APPEALABLE_ACTIONS),
  status: z.enum(APPEAL_STATUSES),
  text: z.string(),
  decision_note: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

/** An appeal in the admin area: who appeals, the action with its reason, and what it was about. */
export const adminAppealSchema = appealSchema.extend({
  user: adminUserSchema.nullable(),
  /** The moderators' reason for the action. */
  reason: z.string().nullable(),
  /** The reported content the action removed, as the report copied it (null for a suspension on its own). */
  content: reportedContentSchema.nullable(),
  action_at: z.string(),
  decided_by: adminUserSchema.nullable(),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;

export const adminAppealsQuerySchema = z.object({ status: z.enum(['open', 'decided']).default('open'), ...adminPageQueryFields });
export const adminAppealsPageSchema = z.object({ appeals: z.array(adminAppealSchema), next_cursor: z.number().int().nullable() });
export type AdminAppealsPage = z.infer<typeof adminAppealsPageSchema>;

/** Accepting reverses the action; `note` is told to the member either way. */
export const decideAppealBodySchema = z.object({
  accept: z.boolean(),
  note: adminNoteSchema.optional(),
});
export type DecideAppealBody = z.input<typeof decideAppealBodySchema>;

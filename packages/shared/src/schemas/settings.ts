import { z } from '../zod.ts';

/** Member settings, every one enforced on the server. */
/** Who may see a private detail (phone, date of birth, location, last seen): 'followers' are people who follow the member. */
export const AUDIENCES = ['everyone', 'followers', 'nobody'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const LAST_SEEN_VISIBILITY = AUDIENCES;
/** 'members': only signed-in members see the profile page; signed-out visitors get 404. */
export const PROFILE_VISIBILITY = ['everyone', 'members'] as const;
/** 'following': only people the member follows may message them. */
export const MESSAGE_PERMISSIONS = ['everyone', 'following'] as const;
/** The auto-delete timer: messages a member sends while it is on expire this long after they were sent. */
export const AUTO_DELETE_PERIODS = ['off', '1d', '1w', '1m'] as const;
export type AutoDeletePeriod = (typeof AUTO_DELETE_PERIODS)[number];

export const settingsSchema = z.object({
  read_receipts: z.boolean(),
  last_seen_visibility: z.enum(LAST_SEEN_VISIBILITY),
  phone_visibility: z.enum(AUDIENCES),
  dob_visibility: z.enum(AUDIENCES),
  location_visibility: z.enum(AUDIENCES),
  profile_visibility: z.enum(PROFILE_VISIBILITY),
  message_permission: z.enum(MESSAGE_PERMISSIONS),
  auto_delete: z.enum(AUTO_DELETE_PERIODS, { error: 'Choose off, 1 day, 1 week or 1 month' }),
});
export type Settings = z.infer<typeof settingsSchema>;

export const updateSettingsBodySchema = settingsSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

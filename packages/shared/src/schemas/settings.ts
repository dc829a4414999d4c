import { z } from 'zod';

/** Member settings. Only what is wired for real lives here; the modal shows the rest as coming soon. */
export const LAST_SEEN_VISIBILITY = ['everyone', 'nobody'] as const;
/** The auto-delete timer: messages a member sends while it is on expire this long after they were sent. */
export const AUTO_DELETE_PERIODS = ['off', '1d', '1w', '1m'] as const;
export type AutoDeletePeriod = (typeof AUTO_DELETE_PERIODS)[number];

export const settingsSchema = z.object({
  read_receipts: z.boolean(),
  last_seen_visibility: z.enum(LAST_SEEN_VISIBILITY),
  auto_delete: z.enum(AUTO_DELETE_PERIODS, { error: 'Choose off, 1 day, 1 week or 1 month' }),
});
export type Settings = z.infer<typeof settingsSchema>;

export const updateSettingsBodySchema = settingsSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

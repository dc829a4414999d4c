import { z } from 'zod';

/** Member settings. Only what is wired for real lives here; the modal shows the rest as coming soon. */
export const LAST_SEEN_VISIBILITY = ['everyone', 'nobody'] as const;

export const settingsSchema = z.object({
  read_receipts: z.boolean(),
  last_seen_visibility: z.enum(LAST_SEEN_VISIBILITY),
});
export type Settings = z.infer<typeof settingsSchema>;

export const updateSettingsBodySchema = settingsSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

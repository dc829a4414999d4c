import { z } from '../zod.ts';

/**
 * The line a call leaves in a direct chat's history, for both people: `completed` with how long it lasted (seconds,
 * from the answer to the hang-up), or why it never started. The message's sender is the caller.
 */
export const callLineSchema = z.object({
  call_id: z.string(),
  media: z.enum(['audio', 'video']),
  outcome: z.enum(['completed', 'missed', 'declined', 'busy']),
  duration: z.number().int().nullable(),
});
export type CallLine = z.infer<typeof callLineSchema>;

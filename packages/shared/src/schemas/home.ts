import { z } from '../zod.ts';
import { emailSchema } from './common.ts';

export const newsletterBodySchema = z.object({
  email: z.string({ error: 'Enter your email address' }).pipe(emailSchema),
});
export const newsletterResponseSchema = z.object({ message: z.string() });

import { emailSchema } from '@tribeverse/shared';

/** The newsletter's address check: the shared rule, so the box says what the API would. */
export function checkEmail(email: string): { email: string } | { error: string } {
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? { email: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'Invalid email format' };
}

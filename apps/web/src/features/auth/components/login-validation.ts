import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema, z } from '@tribeverse/shared';

/**
 * The sign-in form's rules. Kept apart from the page, which loads them when the member first reaches a field (or at
 * the latest on Sign In), so the schema library is not evaluated before the first page is usable.
 */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
  remember: z.boolean(),
});

export type LoginForm = z.input<typeof loginFormSchema>;
export type LoginValues = z.output<typeof loginFormSchema>;

export const loginResolver = zodResolver(loginFormSchema);

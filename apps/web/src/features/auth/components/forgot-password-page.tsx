import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { z } from '@tribeverse/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSendResetCode } from '../api/reset-password';
import type { EnterCodeState } from './enter-code-page';

const schema = z.object({ email: z.string().trim().min(1, 'Required').pipe(z.email('Invalid email address')) });
type ForgotForm = z.infer<typeof schema>;

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const send = useSendResetCode();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotForm>({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const sent = await send.mutateAsync(email);
      // The answer goes along: the next page shows its countdowns, and why no code was sent if none was.
      navigate(paths.auth.enterCode.getHref(), { state: { email, sent, at: Date.now() } satisfies EnterCodeState });
    } catch (error) {
      // The server's own words when it has them ('Too many requests. Try again in 40 seconds.'), or the network's.
      toast.error(error instanceof ApiError && error.status < 500 ? error.message : 'Something went wrong. Please try again.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Forgot password</h1>
        <p className="text-sm text-slate-400">Enter the email address of your account and we will mail you a 6-digit code.</p>
      </div>
      <Field label="Email Address" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send code'}
      </Button>
      <Link to={paths.auth.login.getHref()} className="text-center text-sm text-brand-400 hover:underline">
        Back to log in
      </Link>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { LIMITS, strongPasswordSchema, z } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';

export const resetFormSchema = z
  .object({ password: strongPasswordSchema, confirmPassword: z.string().min(1, 'Confirm your password') })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords must match', path: ['confirmPassword'] });
type ResetForm = z.infer<typeof resetFormSchema>;

export function ResetPasswordPage() {
  const { resetToken = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await reset.mutateAsync({ resetToken, password });
      toast.success('Password has been reset!', { autoClose: LIMITS.toastResetMs });
      navigate(paths.auth.passwordChanged.getHref(), { replace: true });
    } catch (err) {
      setError(err instanceof ApiError && !err.isNetworkError && err.message ? err.message : 'Failed to reset password');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Set a new password</h1>
        <p className="text-sm text-slate-400">At least 8 characters, with a number and a special character.</p>
      </div>
      <Field label="New password" revealable autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <Field
        label="Confirm password"
        revealable
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Reset password'}
      </Button>
    </form>
  );
}

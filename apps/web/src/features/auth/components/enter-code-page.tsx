import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { LIMITS } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { emptyCode, OtpInput } from '../../../components/ui/otp-input';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatCountdown } from '../../../lib/format';
import { useSendResetCode, useVerifyResetCode } from '../api/reset-password';
import { useCountdown } from '../hooks/use-countdown';

export function EnterCodePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const email = (location.state as { email?: string } | null)?.email;
  const [code, setCode] = useState(emptyCode(LIMITS.otpLength));
  const [error, setError] = useState<string | null>(null);
  const { remaining, restart } = useCountdown(LIMITS.codeTtlSeconds);
  const verify = useVerifyResetCode();
  const resend = useSendResetCode();

  if (!email) {
    return (
      <div className="flex flex-col gap-4 text-center">
        <h1 className="text-2xl font-bold">Enter code</h1>
        <p className="text-sm text-slate-400">Ask for a reset code first, so we know where to send it.</p>
        <Link to={paths.auth.forgotPassword.getHref()} className="text-brand-400 hover:underline">
          Forgot password
        </Link>
      </div>
    );
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const joined = code.join('');
    if (joined.length < LIMITS.otpLength) {
      setError('Enter all 6 digits of the code.');
      return;
    }
    setError(null);
    try {
      const { resetToken } = await verify.mutateAsync({ email, code: joined });
      navigate(paths.auth.resetPassword.getHref(resetToken), { state: { email } });
    } catch (err) {
      setError(err instanceof ApiError && !err.isNetworkError && err.status < 500 ? 'Invalid code. Please try again.' : 'Something went wrong. Please try again.');
      setCode(emptyCode(LIMITS.otpLength));
    }
  };

  const onResend = async () => {
    try {
      await resend.mutateAsync(email);
      restart(LIMITS.codeTtlSeconds);
      setCode(emptyCode(LIMITS.otpLength));
      setError(null);
      toast.success('A new code is on its way.');
    } catch (err) {
      toast.error(err instanceof ApiError && !err.isNetworkError ? err.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">Enter code</h1>
        <p className="text-sm text-slate-400">
          We sent a 6-digit code to <span className="font-medium text-slate-200">{email}</span>.
        </p>
      </div>
      <OtpInput value={code} onChange={setCode} label="Reset code" invalidCharMessage="Must be a digit" autoFocus />
      <p className="text-center text-sm text-slate-400">
        {remaining > 0 ? (
          <>
            Code expires in <span data-testid="code-countdown" className="font-semibold text-slate-200">{formatCountdown(remaining)}</span>
          </>
        ) : (
          'The code has expired. Ask for a new one.'
        )}
      </p>
      {error && <Alert>{error}</Alert>}
      <Button type="submit" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Verify code'}
      </Button>
      <button type="button" onClick={onResend} disabled={resend.isPending} className="text-sm font-semibold text-brand-400 disabled:cursor-not-allowed disabled:font-normal disabled:text-slate-400">
        Resend code
      </button>
    </form>
  );
}

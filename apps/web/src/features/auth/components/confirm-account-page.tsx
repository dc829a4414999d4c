import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { OtpInput } from '../../../components/ui/otp-input';
import { returnPath } from '../../../lib/return-path';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useConfirmAccount, useConfirmStatus, useResendConfirmation } from '../api/confirm-account';
import { useCountdown } from '../hooks/use-countdown';
import { useOtpEntry } from '../hooks/use-otp-entry';
import { nextOnboardingStep } from '../../../lib/return-path';
import { DonePanel } from './done-panel';
import { ResendCode } from './resend-code';

export function ConfirmAccountPage() {
  const { user, setUser } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const status = useConfirmStatus();
  const confirm = useConfirmAccount();
  const resend = useResendConfirmation();
  const { code, setCode, error, setError, complete, clear } = useOtpEntry('OTP of 6 digits is required!');
  const [confirmed, setConfirmed] = useState(false);
  const { remaining, restart } = useCountdown(0);

  // The server knows how long until another code may be mailed; the countdown follows it.
  useEffect(() => {
    if (status.data) {
      restart(status.data.resend_in);
      if (status.data.is_confirmed) setConfirmed(true);
    }
  }, [status.data, restart]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const joined = complete();
    if (!joined) return;
    try {
      const res = await confirm.mutateAsync(joined);
      setUser(res.user);
      setConfirmed(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
      clear();
    }
  };

  const onResend = async () => {
    try {
      const res = await resend.mutateAsync();
      toast.success(res.message);
      restart(res.resend_in);
      setError(null);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
      void status.refetch();
    }
  };

  // The rest of onboarding, then the page the member wanted (kept in the state along the way).
  const goOn = () => {
    const step = nextOnboardingStep(user);
    if (step === paths.landing.getHref()) navigate(returnPath(location.state), { replace: true });
    else navigate(step, { replace: true, state: location.state });
  };

  if (confirmed) {
    return (
      <DonePanel title="Account confirmed" actionLabel="Continue" onAction={goOn}>
        Thank you, your email address is confirmed. Let's set up the rest of your account.
      </DonePanel>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">Confirm your account</h1>
        <p className="text-sm text-slate-400">
          We mailed a 6-digit code to <span className="font-medium text-slate-200">{user?.email ?? 'your email address'}</span>. Enter it
          below.
        </p>
      </div>
      <OtpInput value={code} onChange={setCode} label="Confirmation code" autoFocus />
      {error && <Alert>{error}</Alert>}
      <ResendCode remaining={remaining} loading={status.isPending} busy={resend.isPending} onResend={onResend} />
      {/* Confirming can wait (the banner reminds): Back goes on with the app, never into unrelated history. */}
      <FormActions onCancel={goOn} cancelLabel="Back" submitLabel="Confirm" busy={confirm.isPending} busyLabel="Confirming…" />
    </form>
  );
}

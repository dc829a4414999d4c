import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { backupCodePattern, ErrorCode } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useResendTwoStep, useVerifyTwoStep } from '../api/two-step';
import { useTwoStepSignIn } from '../hooks/use-two-step-sign-in';
import type { TwoStepState } from './two-step-page';
import { TwoStepActions } from './two-step-actions';

const SOMETHING_WRONG_MSG = 'Something went wrong. Please try again.';
const isCode = (value: string) => /^\d{6}$/.test(value) || backupCodePattern.test(value);

/** The second step with an authenticator app: its 6-digit code or a backup code, or a mailed code on request. */
export function AuthenticatorStep({ state }: { state: TwoStepState }) {
  const { challenge } = state;
  const { backToLogin, finish, challengeEnded } = useTwoStepSignIn(state);
  const navigate = useNavigate();
  const location = useLocation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [dead, setDead] = useState(false);
  const verify = useVerifyTwoStep();
  const resend = useResendTwoStep();

  const failed = (err: unknown) => {
    if (challengeEnded(err)) return;
    setError(err instanceof ApiError && !err.isNetworkError && err.status < 500 ? err.message : SOMETHING_WRONG_MSG);
    if (err instanceof ApiError && err.code === ErrorCode.TOO_MANY_ATTEMPTS) setDead(true);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim().toLowerCase();
    if (!isCode(value)) return setError('Enter the 6-digit code from your app, or a backup code.');
    setError(null);
    try {
      finish(await verify.mutateAsync({ challenge_token: challenge.challenge_token, code: value }));
    } catch (err) {
      failed(err);
      setCode('');
    }
  };

  /** Mails a code and hands over to the mailed-code screen for this same sign-in. */
  const mailCodeInstead = async () => {
    try {
      const res = await resend.mutateAsync(challenge.challenge_token);
      const next: TwoStepState = {
        ...state,
        emailChosen: true,
        challenge: { ...challenge, resend_in: res.resend_in, expires_in: res.expires_in },
        at: Date.now(),
      };
      navigate(location.pathname, { replace: true, state: next });
      toast.success(res.message);
    } catch (err) {
      failed(err);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">Two-step verification</h1>
        <p className="text-sm text-slate-400">Open your authenticator app and enter the 6-digit code it shows for Tribeverse.</p>
      </div>
      <Field
        label="Authentication code"
        hint="Lost your phone? Enter one of your backup codes instead."
        autoComplete="one-time-code"
        autoFocus
        autoCapitalize="none"
        spellCheck={false}
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
      />
      {error && <Alert>{error}</Alert>}
      {challenge.email_fallback && (
        <Button variant="ghost" className="min-h-11" disabled={resend.isPending} onClick={mailCodeInstead}>
          Email me a code instead
        </Button>
      )}
      <TwoStepActions onBack={backToLogin} busy={verify.isPending} dead={dead} />
    </form>
  );
}

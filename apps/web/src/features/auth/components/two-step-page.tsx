import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { ErrorCode, type TwoStepChallenge } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { OtpInput } from '../../../components/ui/otp-input';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useResendTwoStep, useVerifyTwoStep } from '../api/two-step';
import { useCodeClock } from '../hooks/use-code-clock';
import { useOtpEntry } from '../hooks/use-otp-entry';
import { useTwoStepSignIn } from '../hooks/use-two-step-sign-in';
import { AuthenticatorStep } from './authenticator-step';
import { CodeExpiry, ResendCode } from './resend-code';
import { TwoStepActions } from './two-step-actions';

/** What the login page hands over: the challenge the password earned, and what signing in needs afterwards. */
export interface TwoStepState {
  challenge: TwoStepChallenge;
  email: string;
  remember: boolean;
  /** Where signing in was going (the route guard's return path). */
  from: string;
  /** When the newest code was asked for (ms since the epoch): a reload keeps counting from it. */
  at: number;
  /** With an authenticator app on: the member asked for a mailed code instead. */
  emailChosen?: boolean;
}

const SOMETHING_WRONG_MSG = 'Something went wrong. Please try again.';
// Refusals no retyping can fix: only a new code helps.
const CODE_IS_DEAD: string[] = [ErrorCode.CODE_EXPIRED, ErrorCode.TOO_MANY_ATTEMPTS];

export function TwoStepPage() {
  const location = useLocation();
  const state = location.state as TwoStepState | null;
  if (!state?.challenge) {
    return (
      <div className="flex flex-col gap-4 text-center">
        <h1 className="text-2xl font-bold">Two-step verification</h1>
        <p className="text-sm text-slate-400">Sign in with your email and password first; then we mail you a code.</p>
        <Link to={paths.auth.login.getHref()} className="text-brand-400 hover:underline">
          Sign in
        </Link>
      </div>
    );
  }
  if (state.challenge.method === 'authenticator' && !state.emailChosen) return <AuthenticatorStep state={state} />;
  return <TwoStepForm state={state} />;
}

function TwoStepForm({ state }: { state: TwoStepState }) {
  const { challenge, at } = state;
  const { backToLogin, finish, challengeEnded } = useTwoStepSignIn(state);
  const navigate = useNavigate();
  const location = useLocation();
  const { code, setCode, error, setError, complete, clear } = useOtpEntry('OTP of 6 digits is required!');
  const { expiry, codeIsDead, setCodeIsDead, restart, resendProps } = useCodeClock({
    expiresIn: challenge.expires_in,
    resendIn: challenge.resend_in,
    at,
  });
  const verify = useVerifyTwoStep();
  const resend = useResendTwoStep();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const joined = complete();
    if (!joined) return;
    try {
      finish(await verify.mutateAsync({ challenge_token: challenge.challenge_token, code: joined }));
    } catch (err) {
      if (challengeEnded(err)) return;
      setError(err instanceof ApiError && !err.isNetworkError && err.status < 500 ? err.message : SOMETHING_WRONG_MSG);
      if (err instanceof ApiError && CODE_IS_DEAD.includes(err.code)) setCodeIsDead(true);
      clear();
    }
  };

  const onResend = async () => {
    try {
      const res = await resend.mutateAsync(challenge.challenge_token);
      restart(res);
      // A reload should count from the newest code.
      const next: TwoStepState = {
        ...state,
        challenge: { ...challenge, resend_in: res.resend_in, expires_in: res.expires_in },
        at: Date.now(),
      };
      navigate(location.pathname, { replace: true, state: next });
      setCodeIsDead(false);
      clear();
      setError(null);
      toast.success(res.message);
    } catch (err) {
      if (challengeEnded(err)) return;
      toast.error(err instanceof ApiError && !err.isNetworkError ? err.message : SOMETHING_WRONG_MSG);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">Two-step verification</h1>
        <p className="text-sm text-slate-400">
          We mailed a 6-digit code to <span className="font-medium text-slate-200">{challenge.email_hint}</span>. Enter it to finish signing
          in.
        </p>
      </div>
      <OtpInput value={code} onChange={setCode} label="Sign-in code" invalidCharMessage="Must be a digit" autoFocus />
      <CodeExpiry remaining={expiry.remaining} />
      {error && <Alert>{error}</Alert>}
      <ResendCode {...resendProps} busy={resend.isPending} onResend={onResend} />
      <TwoStepActions onBack={backToLogin} busy={verify.isPending} dead={codeIsDead} />
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { ErrorCode, LIMITS, type SendResetCodeResponse } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { OtpInput } from '../../../components/ui/otp-input';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSendResetCode, useVerifyResetCode } from '../api/reset-password';
import { useCodeClock } from '../hooks/use-code-clock';
import { useOtpEntry } from '../hooks/use-otp-entry';
import { CodeExpiry, ResendCode } from './resend-code';

/** What the forgot-password page hands over: the address, and the server's answer to sending its code. */
export interface EnterCodeState {
  email?: string;
  sent?: SendResetCodeResponse;
  /** When that answer came (ms since the epoch): a reload keeps counting from it rather than starting over. */
  at?: number;
}

const INVALID_CODE_MSG = 'Invalid code. Please try again.';
const SOMETHING_WRONG_MSG = 'Something went wrong. Please try again.';
// Refusals that no retyping can fix: only a new code helps.
const CODE_IS_DEAD: string[] = [ErrorCode.CODE_EXPIRED, ErrorCode.TOO_MANY_ATTEMPTS];

/** The message for a refused code: the spec's text for a wrong code, otherwise what the server said. */
function verifyErrorMessage(err: unknown) {
  if (!(err instanceof ApiError) || err.isNetworkError || err.status >= 500) return SOMETHING_WRONG_MSG;
  return err.code === ErrorCode.INVALID_CODE ? INVALID_CODE_MSG : err.message;
}

export function EnterCodePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { email, sent, at } = (location.state as EnterCodeState | null) ?? {};
  const { code, setCode, error, setError, complete, clear } = useOtpEntry('Enter all 6 digits of the code.');
  // Why no code was sent just now (asked again too soon, or the hourly limit); stays until a code is sent.
  const [notice, setNotice] = useState<string | null>(sent && sent.status !== 'sent' ? sent.message : null);
  const { expiry, codeIsDead, setCodeIsDead, restart, resendProps } = useCodeClock({
    expiresIn: sent?.expires_in ?? LIMITS.codeTtlSeconds,
    resendIn: sent?.resend_in ?? 0,
    at,
  });
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
    const joined = complete();
    if (!joined) return;
    try {
      const { resetToken } = await verify.mutateAsync({ email, code: joined });
      navigate(paths.auth.resetPassword.getHref(resetToken), { state: { email } });
    } catch (err) {
      setError(verifyErrorMessage(err));
      if (err instanceof ApiError && CODE_IS_DEAD.includes(err.code)) setCodeIsDead(true);
      clear();
    }
  };

  const onResend = async () => {
    try {
      const res = await resend.mutateAsync(email);
      restart(res);
      // The newest answer is what a reload should count from.
      navigate(location.pathname, { replace: true, state: { email, sent: res, at: Date.now() } satisfies EnterCodeState });
      if (res.status !== 'sent') {
        // Nothing was sent: the code already on its way (if any) is still the one to type.
        setNotice(res.message);
        return;
      }
      setNotice(null);
      setCodeIsDead(false);
      clear();
      setError(null);
      toast.success(res.message);
    } catch (err) {
      toast.error(err instanceof ApiError && !err.isNetworkError ? err.message : SOMETHING_WRONG_MSG);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">Enter code</h1>
        <p className="text-sm text-slate-400">
          If an account uses <span className="font-medium text-slate-200">{email}</span>, we mailed it a 6-digit code.
        </p>
      </div>
      <OtpInput value={code} onChange={setCode} label="Reset code" invalidCharMessage="Must be a digit" autoFocus />
      <CodeExpiry remaining={expiry.remaining} />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" disabled={verify.isPending || codeIsDead}>
        {verify.isPending ? 'Checking…' : 'Verify code'}
      </Button>
      {notice && <Alert tone="info">{notice}</Alert>}
      <ResendCode {...resendProps} busy={resend.isPending} onResend={onResend} />
    </form>
  );
}

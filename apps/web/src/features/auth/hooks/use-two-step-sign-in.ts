import { useNavigate } from 'react-router';
import { TwoStepErrorCode, type User } from '@tribeverse/shared';
import { toast } from '../../../lib/toast';
import { returnPath } from '../../../lib/return-path';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { rememberEmail } from '../../../lib/storage';
import type { TwoStepState } from '../components/two-step-page';

/** What both second steps (a mailed code, an authenticator app) do around their own check of the code. */
export function useTwoStepSignIn({ email, remember, from }: Pick<TwoStepState, 'email' | 'remember' | 'from'>) {
  const { signIn } = useAuth();
  const navigate = useNavigate();

  const backToLogin = () => navigate(paths.auth.login.getHref(), { replace: true, state: { from } });

  /** Signs in as a plain sign-in does (remember keeps the email only) and goes where signing in was going. */
  const finish = ({ access_token, user }: { access_token: string; user: User }) => {
    rememberEmail(remember ? email : null);
    signIn(access_token, user);
    toast.success('Login successful!');
    navigate(returnPath({ from }), { replace: true });
  };

  /** True when the sign-in itself is over (used or too old): only the password step can start a new one, so back to it. */
  const challengeEnded = (err: unknown) => {
    if (err instanceof ApiError && err.code === TwoStepErrorCode.CHALLENGE_INVALID) {
      toast.error(err.message);
      backToLogin();
      return true;
    }
    return false;
  };

  return { backToLogin, finish, challengeEnded };
}

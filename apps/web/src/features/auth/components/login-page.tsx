import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { ErrorCode } from '@tribeverse/shared';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { afterSignIn, returnPath } from '../../../lib/return-path';
import { AppealDialog } from '../../../components/report/appeal-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { forgetAccountDeleted, readRememberedEmail, rememberEmail, wasAccountDeleted } from '../../../lib/storage';
import { useLogin } from '../api/login';
import { OrDivider, SocialButtons, socialErrorMessage } from './social-buttons';
import type { TwoStepState } from './two-step-page';
import type * as LoginValidation from './login-validation';

type LoginForm = LoginValidation.LoginForm;

let validation: Promise<typeof LoginValidation> | undefined;
/** The form's rules, loaded once: when a field is first reached, or on Sign In at the latest. */
const loadValidation = () =>
  (validation ??= import('./login-validation').catch((error: unknown) => {
    validation = undefined;
    throw error;
  }));
const resolver: Resolver<LoginForm, unknown, LoginValidation.LoginValues> = async (values, context, options) => {
  try {
    return (await loadValidation()).loginResolver(values, context, options);
  } catch {
    // The rules could not be loaded (the connection, say): nothing is sent, and the member can try again.
    return { values: {}, errors: { email: { type: 'load', message: 'Could not check the form. Check your connection and try again.' } } };
  }
};

const initialValues = (): LoginForm => {
  const remembered = readRememberedEmail();
  return { email: remembered ?? '', password: '', remember: !!remembered };
};

export function LoginPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const next = returnPath(location.state);
  const loginMutation = useLogin();
  // Shown for as long as this page is open, once.
  const [accountDeleted] = useState(wasAccountDeleted);
  // A suspended or waiting account is told why in words that stay on the page (a toast would be gone too soon).
  const [refusal, setRefusal] = useState<string | null>(null);
  /** A suspended member's token to appeal with (the 403 carries it), and whether the appeal form is open. */
  const [appealToken, setAppealToken] = useState<string | null>(null);
  const [appealing, setAppealing] = useState(false);
  useEffect(() => forgetAccountDeleted(), []);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm, unknown, LoginValidation.LoginValues>({
    resolver,
    defaultValues: initialValues(),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await loginMutation.mutateAsync(values);
      if ('two_step' in answer) {
        // The password was right; the mailed code finishes signing in, then goes where we were going.
        const state: TwoStepState = { challenge: answer, email: values.email, remember: values.remember, from: next, at: Date.now() };
        navigate(paths.auth.twoStep.getHref(), { state });
        return;
      }
      const { access_token, user } = answer;
      // Remember keeps the email only, and asks the server for a longer session.
      rememberEmail(values.remember ? values.email : null);
      signIn(access_token, user);
      toast.success('Login successful!');
      // Someone who left onboarding (say, at the confirmation code) resumes it, then goes where they wanted.
      const { to, state } = afterSignIn(user, next);
      navigate(to, { replace: true, state });
      reset(initialValues());
    } catch (error) {
      const lasting = error instanceof ApiError && (error.code === ErrorCode.ACCOUNT_SUSPENDED || error.code === ErrorCode.ACCOUNT_PENDING);
      setRefusal(lasting ? error.message : null);
      setAppealToken(error instanceof ApiError && error.code === ErrorCode.ACCOUNT_SUSPENDED ? (error.appealToken ?? null) : null);
      if (!lasting && error instanceof ApiError && error.message) toast.error(error.message);
      // The spec resets the whole form; keeping the email (and Remember) spares retyping it for one wrong password.
      reset({ ...values, password: '' });
      setFocus('password');
    }
  });

  return (
    <form onSubmit={onSubmit} onFocus={() => void loadValidation().catch(() => {})} noValidate className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Welcome back</h1>
        <p className="text-sm text-slate-400">Sign in to your Tribeverse account.</p>
      </div>
      {accountDeleted && <Alert tone="success">Your account was deleted.</Alert>}
      {refusal && (
        <Alert>
          {refusal}
          {appealToken && (
            <>
              {' '}
              <button type="button" onClick={() => setAppealing(true)} className="font-semibold underline">
                Appeal this suspension
              </button>
            </>
          )}
        </Alert>
      )}
      <AppealDialog
        subject={appealing && appealToken ? { kind: 'suspension', token: appealToken } : null}
        onClose={() => setAppealing(false)}
      />
      <SocialButtons returnTo={next} initialError={socialErrorMessage(search.get('social_error'), search.get('provider'))} />
      <OrDivider />
      <Field label="Email Address" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Field label="Password" revealable autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <div className="flex items-center justify-between">
        <Checkbox label="Remember my password" {...register('remember')} />
        <Link to={paths.auth.forgotPassword.getHref()} className="text-sm text-brand-400 hover:underline">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-slate-400">
        New to Tribeverse?{' '}
        <Link to={paths.auth.register.getHref()} className="text-brand-400 hover:underline">
          Create an account
        </Link>
      </p>
    </form>
  );
}

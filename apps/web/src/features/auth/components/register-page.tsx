import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { emailSchema, LIMITS } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useRegister } from '../api/register';
import { OrDivider, SocialButtons } from './social-buttons';

interface RegisterValues {
  email: string;
  password: string;
  confirm: string;
  terms: boolean;
}
const empty: RegisterValues = { email: '', password: '', confirm: '', terms: false };

/** 'Create account' is enabled only for a valid email, matching passwords of at least 8 characters and ticked terms. */
export function canCreateAccount(v: RegisterValues): boolean {
  return emailSchema.safeParse(v.email).success && v.password.length >= LIMITS.passwordMin && v.password === v.confirm && v.terms;
}

function registerErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return 'Check your internet connection';
    if (error.status === 400 && error.code === 'USER_EXISTS') return 'User already exists!';
    return error.message;
  }
  return 'Check your internet connection';
}

export function RegisterPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  // A page the visitor wanted before registering: onboarding hands it on and ends there.
  const location = useLocation();
  const registerMutation = useRegister();
  const [values, setValues] = useState<RegisterValues>(empty);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<RegisterValues>) => setValues((v) => ({ ...v, ...patch }));
  const mismatch = values.confirm.length > 0 && values.password !== values.confirm;
  const busy = registerMutation.isPending;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canCreateAccount(values) || busy) return;
    setError(null);
    try {
      const { access_token, user } = await registerMutation.mutateAsync({ email: values.email, password: values.password });
      signIn(access_token, user);
      navigate(paths.auth.confirmAccount.getHref(), { replace: true, state: location.state });
    } catch (err) {
      const message = registerErrorMessage(err);
      setError(message);
      setValues(empty);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Create your account</h1>
        <p className="text-sm text-slate-400">Join the Tribeverse: find friends, communities and earn participant tokens.</p>
      </div>
      {/* New accounts are sent through set-up by the server; an existing member simply lands. */}
      <SocialButtons returnTo={paths.landing.getHref()} />
      <OrDivider />
      <Field label="Email Address" type="email" autoComplete="email" value={values.email} onChange={(e) => set({ email: e.target.value })} />
      <Field
        label="Password"
        revealable
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => set({ password: e.target.value })}
        hint="8 to 10 characters, at least one digit and one special character"
      />
      <Field
        label="Confirm password"
        revealable
        autoComplete="new-password"
        value={values.confirm}
        onChange={(e) => set({ confirm: e.target.value })}
        error={mismatch ? 'Password does not match' : undefined}
      />
      <Checkbox
        checked={values.terms}
        onChange={(e) => set({ terms: e.target.checked })}
        label="I agree to the Tribeverse terms of service and privacy policy"
      />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" disabled={!canCreateAccount(values) || busy}>
        {busy ? 'Validating' : 'Create account'}
      </Button>
      <p className="text-center text-sm text-slate-400">
        Already have an account?{' '}
        <Link to={paths.auth.login.getHref()} className="text-brand-400 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}

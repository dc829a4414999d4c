import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { emailSchema, strongPasswordSchema } from '@tribeverse/shared';
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

/** What the password still lacks, in the words of the reset screen (the same rules, checked by the server too). */
export function passwordProblems(password: string): string[] {
  const result = strongPasswordSchema.safeParse(password);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))];
}

/** What stands between the form and 'Create account', told next to the disabled button. */
export function missingForAccount(v: RegisterValues): string[] {
  const missing: string[] = [];
  if (!emailSchema.safeParse(v.email).success) missing.push('a valid email address');
  if (passwordProblems(v.password).length) missing.push('a password as described');
  else if (v.password !== v.confirm) missing.push('the same password twice');
  if (!v.terms) missing.push('your agreement to the terms');
  return missing;
}

/** 'Create account' is enabled only for a valid email, a password that meets the hint, typed twice, and ticked terms. */
export function canCreateAccount(v: RegisterValues): boolean {
  return missingForAccount(v).length === 0;
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
  const weak = values.password.length > 0 ? passwordProblems(values.password) : [];
  const missing = missingForAccount(values);
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
      // The spec resets the whole form; keeping the email (and the ticked terms) spares retyping them.
      setValues((v) => ({ ...v, password: '', confirm: '' }));
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
      <Field
        label="Email Address"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => set({ email: e.target.value })}
      />
      <Field
        label="Password"
        revealable
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => set({ password: e.target.value })}
        hint="At least 8 characters, with a number and a special character"
        error={weak.length ? weak.join('. ') : undefined}
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
      <Button type="submit" disabled={missing.length > 0 || busy} aria-describedby={missing.length ? 'register-missing' : undefined}>
        {busy ? 'Validating' : 'Create account'}
      </Button>
      {missing.length > 0 && (
        <p id="register-missing" className="-mt-2 text-xs text-slate-400">
          To create your account, add {missing.join(', ')}.
        </p>
      )}
      <p className="text-center text-sm text-slate-400">
        Already have an account?{' '}
        <Link to={paths.auth.login.getHref()} className="text-brand-400 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}

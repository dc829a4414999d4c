import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { emailSchema, ErrorCode, strongPasswordSchema, type InstanceSettings, type RegistrationPending } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { TextArea } from '../../../components/ui/textarea';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { fetchChallenge, useInstance } from '../api/instance';
import { isPending, useRegister } from '../api/register';
import { solveProofOfWork } from '../lib/proof-of-work';
import { AccountWaits, NoSignUp, RulesToAccept, SignInLink } from './registration-notices';
import { OrDivider, SocialButtons } from './social-buttons';

interface RegisterValues {
  email: string;
  password: string;
  confirm: string;
  terms: boolean;
  /** Ticked "I accept the rules"; asked only while the instance has rules. */
  rules: boolean;
}
const empty: RegisterValues = { email: '', password: '', confirm: '', terms: false, rules: false };

/** What the password still lacks, in the words of the reset screen (the same rules, checked by the server too). */
export function passwordProblems(password: string): string[] {
  const result = strongPasswordSchema.safeParse(password);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))];
}

/** What stands between the form and 'Create account', told next to the disabled button. */
export function missingForAccount(v: RegisterValues, hasRules = false): string[] {
  const missing: string[] = [];
  if (!emailSchema.safeParse(v.email).success) missing.push('a valid email address');
  if (passwordProblems(v.password).length) missing.push('a password as described');
  else if (v.password !== v.confirm) missing.push('the same password twice');
  if (!v.terms) missing.push('your agreement to the terms');
  if (hasRules && !v.rules) missing.push('your acceptance of the rules');
  return missing;
}

function registerErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return 'Check your internet connection';
    if (error.status === 400 && error.code === 'USER_EXISTS') return 'User already exists!';
    if (error.code === ErrorCode.REGISTRATION_CLOSED) return error.message;
    if (error.code === ErrorCode.CHALLENGE_FAILED) return 'The check that you are not a robot did not go through: try again.';
    return error.message;
  }
  return 'The check that you are not a robot did not finish: try again.';
}

/** The open form when the instance's settings cannot be read: the server still holds its rules at sign-up. */
const OPEN: InstanceSettings = { registration: 'open', rules: [], proof_of_work: false, new_account_hours: 0, approval_question: null };

/**
 * Sign-up as the instance allows it (GET /api/instance): closed, by invite (`?invite=` from the admins' link), with
 * rules to accept, by approval (the account then waits), and with a proof of work solved in the browser.
 */
export function RegisterPage() {
  const instance = useInstance();
  const [params] = useSearchParams();
  const invite = params.get('invite')?.trim() || undefined;
  const [waiting, setWaiting] = useState<{ email: string; pending: RegistrationPending } | null>(null);
  if (instance.isPending) return <Spinner label="Loading sign-up" />;
  const settings = instance.data ?? OPEN;
  if (waiting) return <AccountWaits email={waiting.email} message={waiting.pending.message} />;
  if (settings.registration === 'closed') return <NoSignUp reason="closed" />;
  if (settings.registration === 'invite' && !invite) return <NoSignUp reason="invite" />;
  return <RegisterForm settings={settings} invite={invite} onWaiting={(email, pending) => setWaiting({ email, pending })} />;
}

function RegisterForm({
  settings,
  invite,
  onWaiting,
}: {
  settings: InstanceSettings;
  invite?: string;
  onWaiting(email: string, pending: RegistrationPending): void;
}) {
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
  const hasRules = settings.rules.length > 0;
  // In approval mode the admins may ask a question; the answer goes with the sign-up and they read it when approving.
  const question = settings.registration === 'approval' ? settings.approval_question : null;
  const [answer, setAnswer] = useState('');
  const missing = [...missingForAccount(values, hasRules), ...(question && !answer.trim() ? ['an answer to the question'] : [])];
  const [checking, setChecking] = useState(false);
  const busy = registerMutation.isPending || checking;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (missing.length > 0 || busy) return;
    setError(null);
    try {
      let altcha: string | undefined;
      if (settings.proof_of_work) {
        setChecking(true);
        altcha = await solveProofOfWork(await fetchChallenge()).finally(() => setChecking(false));
      }
      const result = await registerMutation.mutateAsync({
        email: values.email,
        password: values.password,
        ...(hasRules ? { rules_accepted: true } : {}),
        ...(invite ? { invite } : {}),
        ...(question ? { approval_answer: answer.trim() } : {}),
        ...(altcha ? { altcha } : {}),
      });
      if (isPending(result)) return onWaiting(values.email, result);
      signIn(result.access_token, result.user);
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
      {/* New accounts are sent through set-up by the server; an existing member simply lands. Only while sign-up is
          open and rule-less: the server makes no account through Google or Apple otherwise (no invite, approval or
          accepted rules can come with them). */}
      {settings.registration === 'open' && !hasRules && (
        <>
          <SocialButtons returnTo={paths.landing.getHref()} />
          <OrDivider />
        </>
      )}
      {settings.registration === 'approval' && (
        <Alert tone="info">An admin lets each new account in: after signing up, you wait for their approval.</Alert>
      )}
      {invite && <Alert tone="info">You are signing up with an invite.</Alert>}
      {question && <TextArea label={question} value={answer} maxLength={2000} rows={3} onChange={(e) => setAnswer(e.target.value)} />}
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
      {hasRules && <RulesToAccept rules={settings.rules} accepted={values.rules} onChange={(rules) => set({ rules })} />}
      {error && <Alert>{error}</Alert>}
      <Button type="submit" disabled={missing.length > 0 || busy} aria-describedby={missing.length ? 'register-missing' : undefined}>
        {checking ? 'Checking…' : busy ? 'Validating' : 'Create account'}
      </Button>
      {missing.length > 0 && (
        <p id="register-missing" className="-mt-2 text-xs text-slate-400">
          To create your account, add {missing.join(', ')}.
        </p>
      )}
      {checking && (
        <p role="status" className="-mt-2 text-xs text-slate-400">
          Checking you are not a robot…
        </p>
      )}
      <SignInLink />
    </form>
  );
}

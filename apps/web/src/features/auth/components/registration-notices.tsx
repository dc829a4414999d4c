import { Link } from 'react-router';
import { Checkbox } from '../../../components/ui/checkbox';
import { paths } from '../../../config/paths';

export function SignInLink() {
  return (
    <p className="text-center text-sm text-slate-400">
      Already have an account?{' '}
      <Link to={paths.auth.login.getHref()} className="text-brand-400 hover:underline">
        Sign in
      </Link>
    </p>
  );
}

/** Instead of the form when nobody may sign up, or only with an invite and the address has none. */
export function NoSignUp({ reason }: { reason: 'closed' | 'invite' }) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{reason === 'closed' ? 'Sign-ups are closed' : 'Sign-up is by invite only'}</h1>
      <p className="text-slate-300">
        {reason === 'closed'
          ? 'This instance is not taking new accounts at the moment.'
          : 'You need an invite link from this instance’s admins to create an account here. Open the link they sent you.'}
      </p>
      <SignInLink />
    </div>
  );
}

/** After a sign-up by approval (202): no session yet; the admins decide, and the mail tells the outcome. */
export function AccountWaits({ email, message }: { email: string; message: string }) {
  return (
    <div className="flex flex-col gap-4" role="status">
      <h1 className="text-2xl font-bold">Your account waits for an admin</h1>
      <p className="text-slate-300">{message}</p>
      <p className="text-slate-300">
        We will send a mail to <span className="font-semibold text-slate-100">{email}</span> once an admin lets you in; you can sign in
        then.
      </p>
      <SignInLink />
    </div>
  );
}

/** The instance's rules, in order, and the box that accepts them (required while there are rules). */
export function RulesToAccept({ rules, accepted, onChange }: { rules: string[]; accepted: boolean; onChange(v: boolean): void }) {
  return (
    <section aria-labelledby="rules-title" className="flex flex-col gap-2 rounded-xl border border-slate-700 bg-slate-900 p-3">
      <h2 id="rules-title" className="font-semibold">
        This instance’s rules
      </h2>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-200">
        {rules.map((rule, i) => (
          <li key={i}>{rule}</li>
        ))}
      </ol>
      <Checkbox checked={accepted} onChange={(e) => onChange(e.target.checked)} label="I accept the rules" />
    </section>
  );
}

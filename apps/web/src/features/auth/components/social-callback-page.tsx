import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { getMe } from '../api/get-me';
import { nextOnboardingStep } from '../hooks/next-step';

/** Only a path on this site (onboarding included), never another origin. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : paths.landing.getHref();
}

/** The server lands here after Google/Apple sign-in with `#token=…&next=…`; the fragment never reaches a server log. */
export function SocialCallbackPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const token = fragment.get('token');
    const next = safeNext(fragment.get('next'));
    // Drop the token from the address bar and history right away.
    window.history.replaceState(null, '', window.location.pathname);
    const fail = () => navigate(`${paths.auth.login.getHref()}?social_error=failed`, { replace: true });
    if (!token) return void fail();
    getMe(token)
      .then((user) => {
        signIn(token, user);
        // Unfinished onboarding (no profile, no interests) comes before wherever the member was going.
        const step = nextOnboardingStep(user);
        navigate(step === paths.landing.getHref() ? next : step, { replace: true });
      })
      .catch(fail);
  }, [navigate, signIn]);

  return (
    <div className="flex flex-col items-center gap-3 py-6 text-slate-300">
      <Spinner label="Signing you in" />
      <p>Signing you in…</p>
    </div>
  );
}

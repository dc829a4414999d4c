import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { getMe } from '../../../lib/me';
import { nextOnboardingStep } from '../../../lib/return-path';
import { exchangeSocialCode } from '../api/social-exchange';

/** Only a path on this site (onboarding included), never another origin. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : paths.landing.getHref();
}

/**
 * The server lands here after Google/Apple sign-in with `#code=…&next=…`: a one-time code that only this browser
 * (which started the sign-in) can exchange for the session. The fragment never reaches a server log.
 */
export function SocialCallbackPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const code = fragment.get('code');
    // Drop the code from the address bar and history right away.
    window.history.replaceState(null, '', window.location.pathname);
    const fail = () => navigate(`${paths.auth.login.getHref()}?social_error=failed`, { replace: true });
    if (!code) return void fail();
    exchangeSocialCode(code)
      .then(async ({ access_token: token, next: wanted }) => {
        const next = safeNext(wanted);
        const user = await getMe(token);
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

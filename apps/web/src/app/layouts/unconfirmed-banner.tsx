import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';

/** Unconfirmed members can read and finish onboarding; posting, commenting and chatting wait for the code. */
export function UnconfirmedBanner() {
  const { user } = useAuth();
  if (!user || user.is_confirmed) return null;
  return (
    <div role="status" className="border-b border-amber-500/30 bg-amber-500/10 px-4 py-2 text-center text-sm text-amber-200">
      Confirm your email address to post, comment and chat: we sent a 6-digit code to {user.email}.{' '}
      <Link to={paths.auth.confirmAccount.getHref()} className="font-semibold underline">
        Enter the code or get a new one
      </Link>
    </div>
  );
}

import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';

/** A gentle reminder rather than a lock: unconfirmed members can use the app, and are asked to confirm. */
export function UnconfirmedBanner() {
  const { user } = useAuth();
  if (!user || user.is_confirmed) return null;
  return (
    <div role="status" className="border-b border-amber-500/30 bg-amber-500/10 px-4 py-2 text-center text-sm text-amber-200">
      Please confirm your email address: we sent a 6-digit code to {user.email}.{' '}
      <Link to={paths.auth.confirmAccount.getHref()} className="font-semibold underline">
        Confirm account
      </Link>
    </div>
  );
}

import { Link, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { Logo } from '../../components/ui/logo';
import { ConnectionBanner } from './connection-banner';

export function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-br from-slate-950 via-slate-900 to-brand-600/20 px-4 py-10">
      <ConnectionBanner className="mb-6 w-full max-w-md overflow-hidden rounded-lg empty:mb-0" />
      <Link to={paths.home.getHref()} className="mb-6 flex items-center gap-2 text-xl font-bold">
        <Logo className="h-9 w-9" /> Tribeverse
      </Link>
      <main className="w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900/80 p-6 shadow-xl">
        <Outlet />
      </main>
    </div>
  );
}

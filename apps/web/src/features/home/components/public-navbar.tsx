import { useState } from 'react';
import { Link } from 'react-router';
import { Menu, X } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { Logo } from '../../../components/ui/logo';

const links = [
  { label: 'Home', to: paths.home.getHref() },
  { label: 'Chat', to: paths.chat.root.getHref() },
  { label: 'Feed', to: paths.landing.getHref() },
];

/** Logo, Home / Chat / Feed, and either the member's avatar or 'Sign In' and 'Get Started'; a hamburger on small screens. */
export function PublicNavbar() {
  const { user, isSignedIn } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const account =
    isSignedIn && user ? (
      <Link to={paths.profile.root.getHref()} aria-label="Your profile" className="inline-flex">
        <Avatar src={user.profile_picture} name={user.full_name || user.username || user.email} size={36} />
      </Link>
    ) : (
      <>
        <Link to={paths.auth.login.getHref()} className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-200 hover:bg-slate-800">
          Sign In
        </Link>
        <Link
          to={paths.auth.register.getHref()}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Get Started
        </Link>
      </>
    );

  return (
    <header className="sticky top-0 z-30 border-b border-slate-800/70 bg-slate-950/80 backdrop-blur">
      <nav className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3" aria-label="Site">
        <Link to={paths.home.getHref()} className="flex items-center gap-2 text-lg font-bold">
          <Logo className="h-8 w-8" /> Tribeverse
        </Link>
        <div className="hidden gap-1 md:flex">
          {links.map((l) => (
            <Link key={l.label} to={l.to} className="rounded-lg px-3 py-2 text-sm text-slate-300 hover:bg-slate-800 hover:text-slate-50">
              {l.label}
            </Link>
          ))}
        </div>
        <div className="ml-auto hidden items-center gap-2 md:flex">{account}</div>
        <button
          type="button"
          className="ml-auto rounded-lg p-2 hover:bg-slate-800 md:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <X className="size-5" /> : <Menu className="size-5" />}
        </button>
      </nav>
      {menuOpen && (
        <div id="mobile-menu" className="flex flex-col gap-1 border-t border-slate-800 px-4 py-3 md:hidden">
          {links.map((l) => (
            <Link
              key={l.label}
              to={l.to}
              onClick={() => setMenuOpen(false)}
              className="rounded-lg px-3 py-2 text-slate-200 hover:bg-slate-800"
            >
              {l.label}
            </Link>
          ))}
          <div className="mt-2 flex items-center gap-2">{account}</div>
        </div>
      )}
    </header>
  );
}

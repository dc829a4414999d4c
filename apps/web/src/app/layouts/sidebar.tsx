import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { readRememberedEmail, rememberEmail } from '../../lib/storage';
import { Avatar } from '../../components/ui/avatar';

const entries = [
  { label: 'Home', to: paths.landing.getHref() },
  { label: 'Chat', to: paths.chat.root.getHref(), match: ['/chat', '/scan-chat/private'] },
  { label: 'Community', to: paths.community.chat.getHref(), match: ['/scan-chat/community'] },
  { label: 'Profile', to: paths.profile.root.getHref() },
];

/** Slide-in navigation: closes on Escape or a click outside, and locks page scrolling while open. */
export function Sidebar({ open, onClose, onSettings }: { open: boolean; onClose: () => void; onSettings?: () => void }) {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    // Keyboard users stay inside the open panel (Tab wraps) and get back to where they were when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.body.classList.add('scroll-locked');
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') return onClose();
      if (e.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>('a[href],button:not([disabled])')];
      const [first, last] = [items[0], items[items.length - 1]];
      const inside = panel.current.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    panel.current?.querySelector<HTMLElement>('a,button')?.focus();
    return () => {
      document.body.classList.remove('scroll-locked');
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [open, onClose]);

  const logout = async () => {
    onClose();
    // Logout clears all local storage; an email the member asked us to remember is the one thing kept.
    const remembered = readRememberedEmail();
    await signOut();
    if (remembered) rememberEmail(remembered);
    navigate(paths.auth.login.getHref(), { replace: true });
  };

  return (
    <>
      <div
        data-testid="sidebar-backdrop"
        onClick={onClose}
        className={clsx('fixed inset-0 z-40 bg-black/50 transition-opacity', open ? 'opacity-100' : 'pointer-events-none opacity-0')}
        aria-hidden
      />
      <nav
        ref={panel}
        aria-label="Main menu"
        aria-hidden={!open}
        inert={!open}
        className={clsx(
          'fixed inset-y-0 left-0 z-50 flex w-72 flex-col gap-2 border-r border-slate-800 bg-slate-900 p-4 transition-transform',
          open ? 'translate-x-0' : '-translate-x-full',
        )}
      >
        <div className="mb-4 flex items-center gap-3">
          <Avatar src={user?.profile_picture} name={user?.full_name || user?.username} size={48} />
          <div className="min-w-0">
            <p className="truncate font-semibold">{user?.full_name || user?.username || user?.email}</p>
            {user?.username && <p className="truncate text-sm text-slate-400">@{user.username}</p>}
          </div>
        </div>
        {entries.map((entry) => (
          <NavLink
            key={entry.label}
            to={entry.to}
            onClick={onClose}
            className={({ isActive }) =>
              clsx(
                'rounded-lg px-3 py-2 font-medium',
                isActive || entry.match?.some((m) => location.pathname.startsWith(m))
                  ? 'bg-brand-600 text-white'
                  : 'text-slate-300 hover:bg-slate-800',
              )
            }
          >
            {entry.label}
          </NavLink>
        ))}
        {onSettings && (
          <button type="button" onClick={onSettings} className="rounded-lg px-3 py-2 text-left font-medium text-slate-300 hover:bg-slate-800">
            Settings
          </button>
        )}
        <button type="button" onClick={logout} className="mt-auto rounded-lg px-3 py-2 text-left font-medium text-red-300 hover:bg-slate-800">
          Logout
        </button>
      </nav>
    </>
  );
}

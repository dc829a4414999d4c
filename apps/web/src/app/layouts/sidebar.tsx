import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { readRememberedEmail, rememberEmail } from '../../lib/storage';
import { Avatar } from '../../components/ui/avatar';
import { useMediaQuery } from '../../lib/use-media-query';
import { Bell, House, LogOut, MessageCircle, Radar, Search, Settings, ShieldCheck, UserRound, UsersRound } from 'lucide-react';

const itemClass = 'flex min-h-11 items-center gap-3 rounded-lg px-3 text-left font-medium';

const entries = [
  { label: 'Home', to: paths.landing.getHref(), icon: House },
  // On a phone the header has no room for a search button: it is here (and Ctrl/Cmd+K on a keyboard).
  { label: 'Search', to: paths.search.getHref(), icon: Search },
  { label: 'Chat', to: paths.chat.private.list.getHref(), match: ['/chat', '/scan-chat/private'], icon: MessageCircle },
  { label: 'Communities', to: paths.communities.getHref(), match: ['/scan-chat/community', '/communities', '/invite'], icon: UsersRound },
  { label: 'Scan', to: paths.scan.root.getHref(), match: ['/scan-chat/setup', '/scan-chat/scan-results'], exact: true, icon: Radar },
  { label: 'Profile', to: paths.profile.root.getHref(), icon: UserRound },
];

/** The wide-screen breakpoint (Tailwind's lg) at which the navigation stays on screen. */
export const WIDE_SCREEN = '(min-width: 1024px)';

/**
 * The main navigation. On a phone or a narrow window it slides in (closes on Escape or a click outside, and locks
 * page scrolling while open); on a wide screen it stays on the left, as in Discord or Mastodon.
 */
export function Sidebar({
  open: openAsked,
  onClose,
  onSettings,
  onNotifications,
}: {
  open: boolean;
  onClose: () => void;
  onSettings?: () => void;
  onNotifications?: () => void;
}) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const open = openAsked && !wide;
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
        hidden={wide}
        onClick={onClose}
        className={clsx('fixed inset-0 z-40 bg-black/50 transition-opacity', open ? 'opacity-100' : 'pointer-events-none opacity-0')}
        aria-hidden
      />
      <nav
        ref={panel}
        aria-label="Main menu"
        aria-hidden={!open && !wide}
        inert={!open && !wide}
        className={clsx(
          'flex flex-col gap-1 border-r border-slate-800 bg-slate-900 p-4',
          wide
            ? 'sticky top-0 h-dvh w-60 shrink-0 overflow-y-auto'
            : clsx('fixed inset-y-0 left-0 z-50 w-72 transition-transform', open ? 'translate-x-0' : '-translate-x-full'),
        )}
      >
        <div className="mb-4 flex items-center gap-3">
          <Avatar src={user?.profile_picture} name={user?.full_name || user?.username} size={48} />
          <div className="min-w-0">
            <p className="truncate font-semibold">{user?.full_name || user?.username || user?.email}</p>
            {user?.username && <p className="truncate text-sm text-slate-400">@{user.username}</p>}
          </div>
        </div>
        {/* The admin area is named only to those who run the instance: nobody else learns there is one. */}
        {[
          ...entries,
          ...(user?.instance_role ? [{ label: 'Admin', to: paths.admin.getHref(), match: ['/admin'], icon: ShieldCheck }] : []),
        ].map((entry) => (
          <NavLink
            key={entry.label}
            to={entry.to}
            end={entry.exact}
            onClick={onClose}
            className={({ isActive }) =>
              clsx(
                itemClass,
                isActive || entry.match?.some((m) => location.pathname.startsWith(m))
                  ? 'bg-brand-600 text-white'
                  : 'text-slate-300 hover:bg-slate-800',
              )
            }
          >
            <entry.icon className="size-5" aria-hidden />
            {entry.label}
          </NavLink>
        ))}
        {onNotifications && (
          <button type="button" onClick={onNotifications} className={clsx(itemClass, 'text-slate-300 hover:bg-slate-800')}>
            <Bell className="size-5" aria-hidden />
            Notifications
          </button>
        )}
        {onSettings && (
          <button type="button" onClick={onSettings} className={clsx(itemClass, 'text-slate-300 hover:bg-slate-800')}>
            <Settings className="size-5" aria-hidden />
            Settings
          </button>
        )}
        <button type="button" onClick={logout} className={clsx(itemClass, 'mt-auto text-red-300 hover:bg-slate-800')}>
          <LogOut className="size-5" aria-hidden />
          Logout
        </button>
      </nav>
    </>
  );
}

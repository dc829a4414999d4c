import { Bell, Menu, MessageCircle, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { Avatar } from '../../components/ui/avatar';
import { useChatUnreadCount, useNotificationsUnreadCount } from '../../features/notifications/api/get-unread-counts';
import { useNotificationEvents } from '../../features/notifications/api/get-notifications';
import { useCommunityUnreadTotal } from '../../features/communities/api/get-unread';
import { NotificationsPanel } from '../../features/notifications/components/notifications-panel';
import { HeaderSearch } from '../../features/search/components/header-search';
import { useUnreadTitle } from './use-unread-title';
import { Logo } from '../../components/ui/logo';

const counterClass =
  'relative flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-2 text-sm text-slate-300 hover:bg-slate-800';

/**
 * The icon, its word on wide screens, and the unread count only when there is something unread. Below xl the count
 * sits on the icon's corner rather than beside it, so the header keeps one width whatever is unread and the scan
 * pill is never squeezed by a count.
 */
function CounterBody({ label, count }: { label: string; count: number }) {
  return (
    <>
      {label === 'Chats' ? (
        <MessageCircle className="size-5" aria-hidden />
      ) : label === 'Communities' ? (
        <UsersRound className="size-5" aria-hidden />
      ) : (
        <Bell className="size-5" aria-hidden />
      )}
      <span className="hidden xl:inline">{label}</span>
      {count > 0 && (
        <span
          data-testid={`${label.toLowerCase()}-unread`}
          className="absolute top-0.5 right-0 min-w-5 rounded-full bg-brand-600 px-1.5 text-center text-xs leading-5 text-white xl:static xl:leading-normal"
        >
          {count}
        </span>
      )}
    </>
  );
}

export function MainHeader({
  onMenu,
  notificationsOpen,
  onNotificationsOpenChange: setNotificationsOpen,
}: {
  onMenu: () => void;
  notificationsOpen: boolean;
  onNotificationsOpenChange: (open: boolean) => void;
}) {
  const { user } = useAuth();
  const chatUnread = useChatUnreadCount();
  const notificationsUnread = useNotificationsUnreadCount();
  // Muted communities count 0 on the server, so a muted group never lights this up.
  const communityUnread = useCommunityUnreadTotal();
  useNotificationEvents();
  useUnreadTitle(chatUnread + communityUnread + notificationsUnread);
  return (
    // data-app-header: toasts open below it (index.css). On a 390 px phone every part counts: the scan pill's
    // words fit beside the 44 px targets only with these narrow gaps.
    <header
      data-app-header
      className="sticky top-0 z-30 flex items-center gap-1 border-b border-slate-800 bg-slate-950/90 px-2 py-2 backdrop-blur sm:gap-3 sm:px-4"
    >
      {/* On wide screens the navigation stays on the left (DesktopNav): the menu button is for narrow ones. */}
      <button
        type="button"
        onClick={onMenu}
        aria-label="Open menu"
        className="flex size-11 items-center justify-center rounded-lg hover:bg-slate-800 lg:hidden"
      >
        <Menu className="size-5" />
      </button>
      <Link to={paths.landing.getHref()} className="flex items-center gap-2 font-bold" aria-label="Tribeverse home">
        <Logo className="h-7 w-7" />
        {/* Not on tablets, where the scan pill's long text and the search button take its room. */}
        <span className="hidden sm:inline md:max-lg:hidden">Tribeverse</span>
      </Link>
      <Link
        to={paths.scan.root.getHref()}
        className="mx-auto inline-flex min-h-11 min-w-0 items-center truncate rounded-full bg-gradient-to-r from-brand-700 to-accent-700 px-2.5 text-sm font-medium whitespace-nowrap text-white md:px-4"
      >
        {/* A small phone (under 380 px) has room for the first word only. */}
        <span className="md:hidden">
          Scan<span className="max-[379px]:hidden"> nearby</span>
        </span>
        <span className="hidden md:inline">Scan for communities and friends near you</span>
      </Link>
      <div className="ml-auto flex items-center sm:gap-1">
        <HeaderSearch />
        <Link to={paths.chat.private.list.getHref()} className={counterClass} aria-label={`Chats: ${chatUnread} unread`}>
          <CounterBody label="Chats" count={chatUnread} />
        </Link>
        <Link to={paths.community.chat.getHref()} className={counterClass} aria-label={`Community chats: ${communityUnread} unread`}>
          <CounterBody label="Communities" count={communityUnread} />
        </Link>
        <button
          type="button"
          onClick={() => setNotificationsOpen(true)}
          className={counterClass}
          aria-label={`Notifications: ${notificationsUnread} unread`}
        >
          <CounterBody label="Notifications" count={notificationsUnread} />
        </button>
        <NotificationsPanel open={notificationsOpen} onOpenChange={setNotificationsOpen} />
        <Link to={paths.profile.root.getHref()} aria-label="Your profile" className="flex min-h-11 min-w-11 items-center justify-center">
          <Avatar src={user?.profile_picture} name={user?.full_name || user?.username || user?.email} size={34} />
        </Link>
      </div>
    </header>
  );
}

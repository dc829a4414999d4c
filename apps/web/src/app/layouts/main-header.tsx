import { useState } from 'react';
import { Bell, Menu, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { Avatar } from '../../components/ui/avatar';
import { useChatUnreadCount, useNotificationsUnreadCount } from '../../features/notifications/api/get-unread-counts';
import { useNotificationEvents } from '../../features/notifications/api/get-notifications';
import { NotificationsPanel } from '../../features/notifications/components/notifications-panel';
import { useUnreadTitle } from './use-unread-title';

const counterClass = 'relative flex items-center rounded-lg px-1.5 py-1 text-sm text-slate-300 hover:bg-slate-800';

function CounterBody({ label, count }: { label: string; count: number }) {
  return (
    <>
      {label === 'Chats' ? <MessageCircle className="size-5" /> : <Bell className="size-5" />}
      <span data-testid={`${label.toLowerCase()}-unread`} className={count ? 'ml-1 rounded-full bg-brand-600 px-1.5 text-xs text-white' : 'ml-1 text-xs text-slate-400'}>
        {count}
      </span>
    </>
  );
}

export function MainHeader({ onMenu }: { onMenu: () => void }) {
  const { user } = useAuth();
  const chatUnread = useChatUnreadCount();
  const notificationsUnread = useNotificationsUnreadCount();
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  useNotificationEvents();
  useUnreadTitle(chatUnread + notificationsUnread);
  return (
    <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-slate-800 bg-slate-950/90 px-3 py-2 backdrop-blur sm:gap-3 sm:px-4">
      <button type="button" onClick={onMenu} aria-label="Open menu" className="rounded-lg p-2 hover:bg-slate-800">
        <Menu className="size-5" />
      </button>
      <Link to={paths.landing.getHref()} className="flex items-center gap-2 font-bold" aria-label="Tribeverse home">
        <img src="/logo.svg" alt="" className="h-7 w-7" />
        <span className="hidden sm:inline">Tribeverse</span>
      </Link>
      <Link
        to={paths.scan.root.getHref()}
        className="mx-auto min-w-0 truncate rounded-full bg-gradient-to-r from-brand-600 to-accent-500 px-3 py-1 text-sm font-medium text-white md:px-4"
      >
        <span className="md:hidden">Scan nearby</span>
        <span className="hidden md:inline">Scan for communities and friends near you</span>
      </Link>
      <div className="ml-auto flex items-center gap-1">
        <Link to={paths.chat.private.list.getHref()} className={counterClass} aria-label={`Chats: ${chatUnread} unread`}>
          <CounterBody label="Chats" count={chatUnread} />
        </Link>
        <button type="button" onClick={() => setNotificationsOpen(true)} className={counterClass} aria-label={`Notifications: ${notificationsUnread} unread`}>
          <CounterBody label="Notifications" count={notificationsUnread} />
        </button>
        <NotificationsPanel open={notificationsOpen} onOpenChange={setNotificationsOpen} />
        <Link to={paths.profile.root.getHref()} aria-label="Your profile" className="ml-1">
          <Avatar src={user?.profile_picture} name={user?.full_name || user?.username || user?.email} size={34} />
        </Link>
      </div>
    </header>
  );
}

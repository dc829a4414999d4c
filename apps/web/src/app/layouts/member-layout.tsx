import { Suspense, useCallback, useState } from 'react';
import { Outlet } from 'react-router';
import { CallHost } from '../../features/calls/components/call-host';
import { ChatEventsBridge } from '../../features/chat/hooks/use-chat-events';
import { CommunityEventsBridge } from '../../features/communities/hooks/use-community-events';
import { FeedEventsBridge } from '../../features/feed/api/feed-events';
import { useFollowEvents } from '../../features/people/hooks/use-follow-events';
import { useAppLocked } from '../../lib/app-lock';
import { lazyNamed } from '../../lib/lazy-named';
import { useOnce } from '../../lib/use-once';
import { PasscodeLock } from '../../features/settings/passcode/passcode-lock';
import { SocketProvider } from '../../lib/socket-provider';
import { AppForwarding } from '../forwarding';
import { ConnectionBanner } from './connection-banner';
import { MainHeader } from './main-header';
import { Sidebar } from './sidebar';
import { UnconfirmedBanner } from './unconfirmed-banner';
import { useFreshUser } from './use-fresh-user';
import { useSettingsRoute } from './use-settings-route';

// Fetched when first opened: most visits never open Settings, and its dialogs (passwords, authenticator set-up,
// sessions, account deletion) are the largest part of the member shell.
const SettingsModal = lazyNamed(() => import('../../features/settings/components/settings-modal'), 'SettingsModal');

/** Follow counts and relations stay live on every page. */
function FollowEventsBridge() {
  useFollowEvents();
  return null;
}

/** The signed-in shell: main header, slide-in sidebar, and one socket for the tab. */
export function MemberLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  // '<page>/settings' opens it too; closing leaves that address for the page.
  const settingsRoute = useSettingsRoute();
  // A reload of '<page>/settings' on a locked device opens Settings only once the passcode is in: never over the lock.
  const locked = useAppLocked();
  const close = useCallback(() => setMenuOpen(false), []);
  const openSettings = useCallback(() => {
    setMenuOpen(false);
    setSettingsOpen(true);
  }, []);
  const openNotifications = useCallback(() => {
    setMenuOpen(false);
    setNotificationsOpen(true);
  }, []);
  const onSettingsOpenChange = (open: boolean) => {
    setSettingsOpen(open);
    if (!open) settingsRoute.hide();
  };
  const settingsShown = !locked && (settingsOpen || settingsRoute.open);
  const settingsMounted = useOnce(settingsShown);
  useFreshUser();
  return (
    <SocketProvider>
      {/* Keeps the header's unread chat counter live on every page, not only on the chat screens. */}
      <ChatEventsBridge />
      <CommunityEventsBridge />
      <FeedEventsBridge />
      <FollowEventsBridge />
      {/* A column as tall as the screen: pages that scroll inside themselves (chat) take exactly the space left. */}
      <a href="#main" className="skip-link rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white">
        Skip to content
      </a>
      {/* Wide screens: the navigation on the left, the page beside it. Narrow ones: the navigation slides in. */}
      <div className="flex min-h-dvh">
        <Sidebar open={menuOpen} onClose={close} onSettings={openSettings} onNotifications={openNotifications} />
        <div className="flex min-h-dvh min-w-0 flex-1 flex-col">
          <MainHeader
            onMenu={() => setMenuOpen(true)}
            notificationsOpen={notificationsOpen}
            onNotificationsOpenChange={setNotificationsOpen}
          />
          <ConnectionBanner />
          <UnconfirmedBanner />
          {settingsMounted && (
            <Suspense fallback={null}>
              <SettingsModal open={settingsShown} onOpenChange={onSettingsOpenChange} />
            </Suspense>
          )}
          {/* Calls ring on every page (every open tab), and a call stays on screen while the member moves around. */}
          <CallHost />
          {/* Covers the app when a passcode is set on this device; the socket above keeps running underneath. */}
          <PasscodeLock />
          <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-5xl flex-1 flex-col px-4 py-6 focus:outline-none">
            <AppForwarding>
              <Outlet />
            </AppForwarding>
          </main>
        </div>
      </div>
    </SocketProvider>
  );
}

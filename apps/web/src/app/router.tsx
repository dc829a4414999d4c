import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { paths } from '../config/paths';
import { RedirectSignedIn, RequireAuth, RequireStaff } from './guards';
import { AuthLayout } from './layouts/auth-layout';
import { SETTINGS_ROUTE_HANDLE } from './layouts/use-settings-route';
import { BootScreen } from './routes/boot-screen';
import { NotFoundPage } from './routes/not-found';

/** Lazy page: each screen is its own chunk. */
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
});

/** The signed-in pages, shown inside the member shell (header, sidebar, socket). */
const memberPages = [
  { path: paths.landing.path, ...page(() => import('../features/feed/components/landing-page'), 'LandingPage') },
  { path: '/profile/edit', ...page(() => import('../features/profile/components/edit-profile-page'), 'EditProfilePage') },
  {
    path: paths.profile.interests.path,
    ...page(() => import('../features/onboarding/components/interest-tags-page'), 'EditInterestsPage'),
  },
  { path: '/profile/:tab?', ...page(() => import('./routes/profile-route'), 'ProfileRoute') },
  { path: paths.people.profile.path, ...page(() => import('./routes/member-profile-route'), 'MemberProfileRoute') },
  { path: paths.notifications.path, ...page(() => import('../features/notifications/components/notifications-page'), 'NotificationsPage') },
  { path: paths.search.path, ...page(() => import('../features/search/components/search-page'), 'SearchPage') },
  { path: paths.chat.root.path, element: <Navigate to={paths.chat.private.list.getHref()} replace /> },
  { path: paths.chat.entry.path, ...page(() => import('../features/chat/components/chat-entry-page'), 'ChatEntryPage') },
  { path: '/scan-chat/private/:chatId?', ...page(() => import('../features/chat/components/private-chat-page'), 'PrivateChatPage') },
  { path: paths.chat.private.group.path, ...page(() => import('../features/chat/components/private-chat-page'), 'PrivateChatPage') },
  { path: paths.communities.path, ...page(() => import('../features/communities/components/communities-page'), 'CommunitiesPage') },
  { path: paths.communities.detail.path, ...page(() => import('../features/communities/components/community-page'), 'CommunityPage') },
  { path: paths.communities.invite.path, ...page(() => import('../features/communities/components/invite-page'), 'InvitePage') },
  {
    path: '/scan-chat/community/:chatId?/:channelId?',
    ...page(() => import('../features/communities/components/community-chat-page'), 'CommunityChatPage'),
  },
  { path: paths.scan.root.path, ...page(() => import('../features/scan/components/scan-setup-page'), 'ScanSetupPage') },
  { path: paths.scan.setup.path, ...page(() => import('../features/scan/components/scan-setup-page'), 'ScanSetupPage') },
  { path: paths.scan.results.path, ...page(() => import('../features/scan/components/scan-results-page'), 'ScanResultsPage') },
];

/** '<member page>/settings': the same page, with the settings modal over it (the member layout opens it). */
const withSettings = (route: (typeof memberPages)[number]) =>
  'lazy' in route ? { ...route, children: [{ path: paths.settings.segment, handle: SETTINGS_ROUTE_HANDLE, element: null }] } : route;

export const routes = [
  { path: paths.home.path, ...page(() => import('../features/home/components/home-page'), 'HomePage') },
  {
    path: '/auth',
    element: <AuthLayout />,
    children: [
      { index: true, element: <Navigate to={paths.auth.login.getHref()} replace /> },
      {
        element: (
          <RedirectSignedIn>
            <Outlet />
          </RedirectSignedIn>
        ),
        children: [
          { path: 'login', ...page(() => import('../features/auth/components/login-page'), 'LoginPage') },
          { path: 'register', ...page(() => import('../features/auth/components/register-page'), 'RegisterPage') },
        ],
      },
      { path: 'forgot-password', ...page(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage') },
      { path: 'enter-code', ...page(() => import('../features/auth/components/enter-code-page'), 'EnterCodePage') },
      { path: 'reset-password/:resetToken', ...page(() => import('../features/auth/components/reset-password-page'), 'ResetPasswordPage') },
      { path: 'two-step', ...page(() => import('../features/auth/components/two-step-page'), 'TwoStepPage') },
      { path: 'social', ...page(() => import('../features/auth/components/social-callback-page'), 'SocialCallbackPage') },
      { path: 'password-change', ...page(() => import('../features/auth/components/password-changed-page'), 'PasswordChangedPage') },
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          { path: 'confirm-account', ...page(() => import('../features/auth/components/confirm-account-page'), 'ConfirmAccountPage') },
          { path: 'setup-profile', ...page(() => import('../features/onboarding/components/setup-profile-page'), 'SetupProfilePage') },
          { path: 'interest-tags', ...page(() => import('../features/onboarding/components/interest-tags-page'), 'InterestTagsPage') },
        ],
      },
    ],
  },
  {
    element: (
      <RequireAuth member>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      {
        // Its own chunk too: the socket client and the member shell are no weight for visitors of home and auth.
        ...page(() => import('./layouts/member-layout'), 'MemberLayout'),
        children: memberPages.map(withSettings),
      },
    ],
  },
  {
    // Not among the member pages: for anyone without an instance role this is the Not found of any unknown address.
    element: (
      <RequireStaff>
        <RequireAuth member>
          <Outlet />
        </RequireAuth>
      </RequireStaff>
    ),
    children: [
      {
        ...page(() => import('./layouts/member-layout'), 'MemberLayout'),
        children: [{ path: paths.admin.path, ...page(() => import('../features/admin/components/admin-page'), 'AdminPage') }],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

// The first screen's code is fetched on demand: until it is there, the loading shell of index.html stays drawn.
export const createRouter = () => createBrowserRouter([{ HydrateFallback: BootScreen, children: routes }]);

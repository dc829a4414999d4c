/** Every route of the app, as functions: components never spell URLs themselves. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  landing: {
    path: '/home',
    getHref: () => '/home',
    /** The same feed filtered by a hashtag or an author (query parameters), optionally brought to one post. */
    filtered: (filter: { tag?: string; author?: string }, postId?: number) => {
      const query = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => !!e[1])).toString();
      return `/home${query ? `?${query}` : ''}${postId ? `#post-${postId}` : ''}`;
    },
  },
  auth: {
    login: { path: '/auth/login', getHref: () => '/auth/login' },
    register: { path: '/auth/register', getHref: () => '/auth/register' },
    forgotPassword: { path: '/auth/forgot-password', getHref: () => '/auth/forgot-password' },
    enterCode: { path: '/auth/enter-code', getHref: () => '/auth/enter-code' },
    resetPassword: {
      path: '/auth/reset-password/:resetToken',
      getHref: (token: string) => `/auth/reset-password/${encodeURIComponent(token)}`,
    },
    passwordChanged: { path: '/auth/password-change', getHref: () => '/auth/password-change' },
    /** The code screen of a password sign-in with two-step verification on. */
    twoStep: { path: '/auth/two-step', getHref: () => '/auth/two-step' },
    confirmAccount: { path: '/auth/confirm-account', getHref: () => '/auth/confirm-account' },
    setupProfile: { path: '/auth/setup-profile', getHref: () => '/auth/setup-profile' },
    interestTags: { path: '/auth/interest-tags', getHref: () => '/auth/interest-tags' },
    /** Where the server lands after Google/Apple sign-in, with the token in the URL fragment. */
    social: { path: '/auth/social', getHref: () => '/auth/social' },
  },
  profile: {
    root: { path: '/profile', getHref: () => '/profile' },
    createdCommunities: { path: '/profile/created-community', getHref: () => '/profile/created-community' },
    followedCommunities: { path: '/profile/followed-community', getHref: () => '/profile/followed-community' },
    posts: { path: '/profile/posts', getHref: () => '/profile/posts' },
    edit: { path: '/profile/edit', getHref: () => '/profile/edit' },
    /** Interest tags changed after onboarding. */
    interests: { path: '/profile/interests', getHref: () => '/profile/interests' },
  },
  communities: {
    path: '/communities',
    getHref: () => '/communities',
    detail: {
      path: '/communities/:communityId/:tab?',
      getHref: (id: number | string, tab?: string) => `/communities/${id}${tab ? `/${tab}` : ''}`,
    },
    /** The page an invite link opens: who invites to what, and Accept. */
    invite: { path: '/invite/:code', getHref: (code: string) => `/invite/${encodeURIComponent(code)}` },
  },
  people: {
    /** Any member's public profile. */
    profile: { path: '/u/:username', getHref: (username: string) => `/u/${encodeURIComponent(username)}` },
  },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  /** The search screen: what the box says, and which kind of results (messages, posts, people, communities). */
  search: {
    path: '/search',
    getHref: (q = '', type?: string) => {
      const query = new URLSearchParams(Object.entries({ q, type }).filter((e): e is [string, string] => !!e[1])).toString();
      return `/search${query ? `?${query}` : ''}`;
    },
  },
  chat: {
    root: { path: '/chat', getHref: () => '/chat' },
    entry: { path: '/chat/:id', getHref: (index: number) => `/chat/${index}` },
    private: {
      list: { path: '/scan-chat/private', getHref: () => '/scan-chat/private' },
      conversation: { path: '/scan-chat/private/:chatId', getHref: (peerId: number | string) => `/scan-chat/private/${peerId}` },
      /** A group chat, beside the direct chats in the same list. */
      group: { path: '/scan-chat/private/group/:groupId', getHref: (groupId: number | string) => `/scan-chat/private/group/${groupId}` },
    },
  },
  scan: {
    root: { path: '/scan-chat', getHref: () => '/scan-chat' },
    setup: { path: '/scan-chat/setup', getHref: () => '/scan-chat/setup' },
    results: { path: '/scan-chat/scan-results', getHref: () => '/scan-chat/scan-results' },
  },
  community: {
    chat: { path: '/scan-chat/community', getHref: () => '/scan-chat/community' },
    current: { path: '/scan-chat/community/:chatId', getHref: (id: number | string) => `/scan-chat/community/${id}` },
    /** One channel of a community's chat; the community's address opens its first channel. */
    channel: {
      path: '/scan-chat/community/:chatId/:channelId',
      getHref: (id: number | string, channelId: number | string) => `/scan-chat/community/${id}/${channelId}`,
    },
  },
  /** Running the instance: its admins and moderators only (no link leads here for anyone else). */
  admin: { path: '/admin/:tab?', getHref: (tab?: string) => `/admin${tab && tab !== 'dashboard' ? `/${tab}` : ''}` },
  /** 'settings' is a relative segment: it opens the settings modal over the page it is added to. */
  settings: { segment: 'settings' },
} as const;

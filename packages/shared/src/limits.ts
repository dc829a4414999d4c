/** Business constants from the product spec (section 9) and the limits we decided where it is silent. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  otpLength: 6,
  /** Reset and confirmation codes live 180 s (the enter-code countdown). */
  codeTtlSeconds: 180,
  /** A code dies on the fifth wrong try. */
  codeMaxAttempts: 5,
  /** Wait before another code may be mailed to the same address. */
  codeResendSeconds: 30,
  interestsMaxCategories: 5,
  interestsMaxPerCategory: 3,
  bioMax: 200,
  addressMin: 8,
  phoneMaxDigits: 15,
  fullNameMax: 80,
  usernameMin: 3,
  usernameMax: 30,
  feedPageSize: 10,
  chatPageDefault: 20,
  chatHistoryPage: 30,
  scanDelayMs: 2000,
  scanRadii: ['50km', '80km', '120km', 'Wider scan'] as const,
  profilePictureMaxBytes: 5 * 1024 * 1024,
  /** Session lifetimes: a plain sign-in, and one with 'Remember my password'. */
  sessionTtlHours: 24,
  /** Failed sign-ins allowed for one email within the window; past them that email is refused until the window ends. */
  loginFailuresMax: 10,
  loginFailureWindowMinutes: 15,
  rememberedSessionTtlDays: 30,
  toastMs: 5000,
  toastResetMs: 3000,
  emojiRecentsMax: 14,
} as const;

export const PREFERRED_COUNTRIES = ['AE', 'GB', 'US'] as const;
export const EDIT_PROFILE_DEFAULT_COUNTRY = 'NG';
export const QUICK_REACTIONS = ['1f44d', '2764-fe0f', '1f603', '1f622', '1f64f', '1f44e', '1f621'] as const;

/** Limits of the feed where the spec is silent (it only fixes the page size of 10). */
export const FEED_LIMITS = {
  postTextMax: 5000,
  imagesMax: 10,
  imageMaxBytes: 10 * 1024 * 1024,
  /** Longest side of a stored image and of its thumbnail, in pixels. */
  imageMaxSide: 2048,
  thumbnailSide: 480,
  contentWarningMax: 100,
  commentMax: 1000,
  commentsPageSize: 20,
  hashtagMax: 50,
} as const;

export const EMPTY_POST_MSG = 'Type something or attach an image.';

/** Private chat: the longest message, the largest attachment and the largest page of history. */
export const CHAT_TEXT_MAX = 4000;
export const CHAT_ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
export const CHAT_PAGE_MAX = 100;

/** Communities: lengths, page sizes, invites and uploads. */
export const COMMUNITY_LIMITS = {
  nameMax: 80,
  descriptionMax: 1000,
  interestsMax: 10,
  placeNameMax: 120,
  pageDefault: 20,
  pageMax: 100,
  inviteDefaultHours: 24,
  inviteMaxHours: 7 * 24,
  inviteMaxUses: 10_000,
  reasonMax: 500,
  messageMax: 4000,
  imageMaxBytes: 5 * 1024 * 1024,
  attachmentMaxBytes: 20 * 1024 * 1024,
  /** How many online members the chat header shows as avatars ('+N' for the rest). */
  onlineAvatars: 5,
} as const;

/**
 * What one member may do over their sockets, per member however many tabs they have. Every event a client can send is
 * charged to one class before any work is done for it; past the class's budget it is refused (an ack says
 * RATE_LIMITED with `retry_in`; an event without one is dropped). Sliding counts per minute, like the HTTP budgets.
 */
export const SOCKET_LIMITS = {
  /** Open sockets of one member on one server process; the next handshake is refused (TOO_MANY_SOCKETS). */
  socketsPerMember: 20,
  /** Private chat messages per member and minute, over HTTP and sockets together (and across processes with Redis). */
  chatSendsPerMinute: 120,
  /** Events per member and minute, by class. */
  eventsPerMinute: {
    /** message:send, community:send: a write each (chat sends also draw from chatSendsPerMinute). */
    send: 120,
    /** message:read, community:read, presence:watch: queries each, answered. */
    read: 120,
    /** typing:start, typing:stop: a block check each, relayed to the peer. */
    typing: 120,
    /** ping, presence:unwatch and events the server does not know: no database work. */
    cheap: 600,
  },
} as const;

/** Group chats (outside communities) and community channels. */
export const CONVERSATION_LIMITS = {
  /** A group counts its creator: 3 to 100 people. */
  groupMinMembers: 3,
  groupMaxMembers: 100,
  groupNameMax: 64,
  /** A group's picture as uploaded (it is stored re-encoded, at most 512 px). */
  groupAvatarMaxBytes: 5 * 1024 * 1024,
  channelNameMax: 32,
  channelTopicMax: 200,
  channelsPerCommunity: 50,
  pageDefault: 20,
  pageMax: 100,
} as const;

/** Voice messages (issue 42): recorded in the composer, checked and measured by the server. */
export const VOICE_LIMITS = {
  /** The longest note the server keeps (15 minutes). */
  maxDurationMs: 15 * 60_000,
  /** A recording shorter than this is taken for a slip and not sent. */
  minDurationMs: 500,
  /** Peaks in a note's waveform. */
  waveformBars: 64,
  /** Playback speeds the player steps through. */
  speeds: [1, 1.5, 2],
} as const;

/** How long a conversation is muted for: the choices every kind of conversation offers, as chat apps do. */
export const MUTE_CHOICES = [
  { label: '1 hour', ms: 60 * 60_000 },
  { label: '8 hours', ms: 8 * 60 * 60_000 },
  { label: '1 week', ms: 7 * 24 * 60 * 60_000 },
  { label: 'Until I turn it back on', ms: 0 },
] as const;

/** The `until` a mute call takes for a choice: none for 'Until I turn it back on'. */
export const muteUntil = (ms: number, now = Date.now()) => (ms ? new Date(now + ms).toISOString() : undefined);

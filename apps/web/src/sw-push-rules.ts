/** What the service worker's push handlers decide (sw-push.ts), apart from the worker so it is tested on its own. */

export interface PushPayload {
  kind: string;
  title: string;
  body?: string;
  url: string;
  tag: string;
  icon?: string;
}

/** The payload, or null for anything that is not one (a push with no data, or not JSON). */
export function readPush(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<PushPayload>;
    if (typeof data.title !== 'string' || typeof data.url !== 'string' || typeof data.tag !== 'string') return null;
    return data as PushPayload;
  } catch {
    return null;
  }
}

/**
 * What showNotification() gets. One tag per conversation (or notification): a newer push replaces the one shown
 * rather than stacking, and `renotify` still makes it sound. The text is absent when the member turned previews off.
 */
export function notificationOf(push: PushPayload): { title: string; options: NotificationOptions & { renotify?: boolean } } {
  return {
    title: push.title,
    options: {
      body: push.body,
      icon: push.icon ?? '/icon-192.png',
      badge: '/icon-192.png',
      tag: push.tag,
      renotify: true,
      data: { url: push.url },
    },
  };
}

/** The page a click opens: the push's own path on this origin; anything else opens the app's start. */
export function targetOf(url: unknown, origin: string): string {
  if (typeof url !== 'string') return `${origin}/`;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/** Of the app's open tabs: one already on the page, else the one used last (clients come most recent first). */
export function pickTab<T extends { url: string }>(tabs: readonly T[], target: string): { tab: T; navigate: boolean } | null {
  const same = tabs.find((t) => t.url === target);
  if (same) return { tab: same, navigate: false };
  return tabs[0] ? { tab: tabs[0], navigate: true } : null;
}

import { describe, expect, it } from 'vitest';
import { notificationOf, pickTab, readPush, targetOf } from './sw-push-rules';

const ORIGIN = 'https://tribeverse.example';

describe('what the service worker shows for a push, and where a click goes', () => {
  it('shows the title and text, one notification per tag, and nothing for a push it cannot read', () => {
    const push = readPush(JSON.stringify({ kind: 'message', title: 'Ann', body: 'Lunch?', url: '/scan-chat/private/4', tag: 'chat:4' }));
    expect(notificationOf(push!)).toEqual({
      title: 'Ann',
      options: {
        body: 'Lunch?',
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        tag: 'chat:4',
        renotify: true,
        data: { url: '/scan-chat/private/4' },
      },
    });
    // Previews off: the server left the text out, and so does the notification.
    const quiet = readPush(
      JSON.stringify({ kind: 'message', title: 'Ann', url: '/scan-chat/private/4', tag: 'chat:4', icon: '/media/a.webp' }),
    );
    expect(notificationOf(quiet!).options).toMatchObject({ body: undefined, icon: '/media/a.webp' });
    for (const bad of [null, '', 'not json', '{"title":"x"}']) expect(readPush(bad)).toBeNull();
  });

  it('opens pages of this app only', () => {
    expect(targetOf('/scan-chat/private/group/9', ORIGIN)).toBe(`${ORIGIN}/scan-chat/private/group/9`);
    expect(targetOf('https://evil.example/phish', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(targetOf(undefined, ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it('focuses a tab already on the page, else brings the last used tab there, else opens one', () => {
    const target = `${ORIGIN}/notifications`;
    const home = { url: `${ORIGIN}/home` };
    const there = { url: target };
    expect(pickTab([home, there], target)).toEqual({ tab: there, navigate: false });
    expect(pickTab([home], target)).toEqual({ tab: home, navigate: true });
    expect(pickTab([], target)).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushPreferences } from '@tribeverse/shared';
import { serveFetch } from '../../../test-fetch';
import { NotificationsSection } from './notifications-section';

const preferences: PushPreferences = {
  previews: true,
  kinds: { messages: true, mentions: true, follows: true, likes: true, communities: true },
  mail: { missed_messages: true },
};
const KEY = 'BAr' + 'x'.repeat(84);
const subscriptionJson = { endpoint: 'https://push.example/abc', keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } };

/** A browser that can push: a service worker with a PushManager, and a permission not asked yet. */
function pushCapableBrowser() {
  let subscription: { toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async () => {
      subscription = { toJSON: () => subscriptionJson, unsubscribe: async () => ((subscription = null), true) };
      return subscription;
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', class {});
  const requestPermission = vi.fn(async () => 'granted');
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  return { pushManager, requestPermission };
}

const renderSection = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <NotificationsSection />
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Settings → Notifications', () => {
  it('asks for permission only when the button is pressed, then hands the subscription to the server', async () => {
    const browser = pushCapableBrowser();
    const calls = serveFetch({
      '/api/push/preferences': [[200, preferences]],
      '/api/push/key': [[200, { public_key: KEY }]],
      'POST /api/push/subscriptions': [[201, { id: 7 }]],
    });
    const user = userEvent.setup();
    renderSection();
    const button = await screen.findByRole('button', { name: 'Turn on push for this device' });
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY });
    expect(calls).toContainEqual({ method: 'POST', path: '/api/push/subscriptions', body: subscriptionJson });
    expect(screen.getByText(/^On: you are told here/)).toBeInTheDocument();
  });

  it('saves previews, each kind and the missed-message mail for every device', async () => {
    pushCapableBrowser();
    const calls = serveFetch({
      'GET /api/push/preferences': [[200, preferences]],
      'PATCH /api/push/preferences': [
        [200, { ...preferences, previews: false }],
        [200, { ...preferences, previews: false, kinds: { ...preferences.kinds, likes: false } }],
        [200, { ...preferences, previews: false, kinds: { ...preferences.kinds, likes: false }, mail: { missed_messages: false } }],
      ],
    });
    const user = userEvent.setup();
    renderSection();
    const previews = screen.getByRole('switch', { name: 'Show message text' });
    await screen.findByText('On: a push shows the start of the message');
    await user.click(previews);
    expect(await screen.findByText('Off: a push says who wrote, not what')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Likes and comments' }));
    await vi.waitFor(() => expect(screen.getByRole('switch', { name: 'Likes and comments' })).toHaveAttribute('aria-checked', 'false'));
    await user.click(screen.getByRole('switch', { name: 'Email me what I missed' }));
    expect(await screen.findByText('Off: nothing is mailed')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { previews: false },
      { kinds: { likes: false } },
      { mail: { missed_messages: false } },
    ]);
  });

  it('on an iPhone without push, says to add the app to the Home Screen, and offers no button', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)');
    serveFetch({ '/api/push/preferences': [[200, preferences]] });
    renderSection();
    expect(await screen.findByText(/add to home screen/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /turn on push/i })).toBeNull();
  });
});

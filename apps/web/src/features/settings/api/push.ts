import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushKey, PushPreferences, PushSubscriptionBody, UpdatePushPreferencesBody } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/** This device's subscription id on the server, to end it when push is turned off here. */
const SUBSCRIPTION_ID_KEY = 'PUSH_SUBSCRIPTION_ID';

export const pushPreferencesQuery = () =>
  queryOptions({ queryKey: ['push', 'preferences'], queryFn: () => api<PushPreferences>('/push/preferences') });
export const usePushPreferences = () => useQuery(pushPreferencesQuery());

export function useUpdatePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePushPreferencesBody) => api<PushPreferences>('/push/preferences', { method: 'PATCH', body }),
    onSuccess: (preferences) => queryClient.setQueryData(pushPreferencesQuery().queryKey, preferences),
  });
}

/** What this browser can do: no push at all (iOS outside the Home Screen, old browsers), or its permission. */
export type PushSupport = 'unsupported' | NotificationPermission;

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission;
}

/** iPhone and iPad: web push exists only for the app added to the Home Screen (Safari 16.4+). */
export const isAppleMobile = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);

/** This device's push subscription, if push is on here. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the browser's permission (only ever from the member's click), subscribes with the server's key and hands the
 * subscription to the server, tied to this session.
 */
export async function turnOnPush(): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted')
    throw new Error('Notifications are blocked for this site in your browser settings.');
  // Production builds register the worker at load; without one (npm run dev) `ready` would never settle.
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) throw new Error('Push needs the app’s service worker, which this build does not run.');
  const { public_key } = await api<PushKey>('/push/key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key }));
  const { id } = await api<{ id: number }>('/push/subscriptions', {
    method: 'POST',
    body: subscription.toJSON() as PushSubscriptionBody,
  });
  localStorage.setItem(SUBSCRIPTION_ID_KEY, String(id));
}

export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  const id = localStorage.getItem(SUBSCRIPTION_ID_KEY);
  localStorage.removeItem(SUBSCRIPTION_ID_KEY);
  await subscription?.unsubscribe();
  // Already gone on the server (signed out elsewhere, or the push service dropped it) is as good as deleted.
  if (id) await api(`/push/subscriptions/${id}`, { method: 'DELETE' }).catch(() => undefined);
}

/** Whether push is on for this device, and the switch that turns it on or off. */
export function usePushOnThisDevice() {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: ['push', 'device'], queryFn: async () => (await currentSubscription()) !== null });
  const toggle = useMutation({
    mutationFn: (on: boolean) => (on ? turnOnPush() : turnOffPush()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['push', 'device'] }),
  });
  return { on: state.data ?? false, loading: state.isPending, toggle };
}

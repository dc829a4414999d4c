/**
 * Registers the service worker (src/sw.ts, built to /sw.js), which lets the app open without a network. Production
 * builds only (main.tsx): under `npm run dev` the worker does not exist, and a cache would fight hot reload.
 *
 * Updates need nothing from the member: pages come from the network whenever it answers, so a new version of the
 * app is live at the next load. A new worker waits until no tab runs the old one, then takes over (there is no
 * "Reload" prompt): an open tab is never switched to files it did not start with.
 */
export function registerServiceWorker() {
  // Absent on plain http other than localhost, and in some private windows: the app then works as before.
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Refused (storage blocked, a policy): nothing breaks, the app just does not open offline.
    });
  };
  // After the page has loaded: the worker's first install fetches the app's files, which must not compete with
  // the first page's own.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// Web Push in the app's service worker (imported by the one vite-plugin-pwa builds: vite.config.ts,
// workbox.importScripts). A push carries the contract's PushPayload: {kind, title, body, path, tag, at}.

/** Window clients of the app (tabs and installed-app windows) on this origin. */
const appWindows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

/**
 * Shows a go-live alert or a private message, unless a tab of the app is in front: that tab's hall
 * socket shows its own in-app alert (decision 0216). One notification per tag (anchor or
 * conversation): a newer push replaces it.
 */
async function showPush(data) {
  if ((await appWindows()).some((c) => c.visibilityState === 'visible' && c.focused)) return;
  await self.registration.showNotification(data.title, {
    body: data.body,
    tag: data.tag,
    renotify: true,
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    timestamp: Date.parse(data.at) || Date.now(),
    data: { path: data.path },
  });
}

/** Opens a route of the app: in a tab that is open (brought to the front), else in a new window. */
async function openPath(path) {
  if (typeof path !== 'string' || !path.startsWith('/pages/')) path = '/pages/index/index';
  const url = new URL(`/#${path}`, self.location.origin).href;
  for (const tab of await appWindows()) {
    let shown;
    try {
      shown = (await tab.navigate(url)) ?? tab;
    } catch {
      // A tab this worker does not control cannot be navigated: try the next, or a new window.
      continue;
    }
    // Bringing it to the front is allowed from a notification's tap only.
    await shown.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== 'string') return;
  event.waitUntil(showPush(data));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPath(event.notification.data && event.notification.data.path));
});

/**
 * The browser's side of Web Push: whether this browser can take pushes, this device's subscription,
 * and making or dropping one. Permission is asked only from `subscribePush`, which callers run from
 * a tap (a bell, a switch): never when a page loads.
 */

/** Whether this browser has what push needs: a service worker, PushManager and notifications. */
export const pushSupported = (): boolean =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined';

/** The app's service worker registration, once it is active (the app registers it after launch). */
const registration = (): Promise<ServiceWorkerRegistration> => navigator.serviceWorker.ready;

/** This device's push subscription, if any (asks nothing of the user). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported() || !(await navigator.serviceWorker.getRegistration())) return null;
  return (await registration()).pushManager.getSubscription();
}

/** The VAPID key as PushManager takes it (bytes of the base64url text). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Why a subscription could not be made: the user (or the browser) refused notifications, or the push service failed. */
export class PushRefused extends Error {
  constructor(readonly reason: 'denied' | 'failed') {
    super(reason);
  }
}

/**
 * Asks for the notification permission (the browser shows its prompt the first time) and subscribes
 * this device with the server's key; a subscription made with another key is replaced. Call it
 * from a user's tap.
 */
export async function subscribePush(vapidKey: string): Promise<PushSubscriptionJSON> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused('denied');
  const reg = await registration();
  const key = keyBytes(vapidKey);
  const existing = await reg.pushManager.getSubscription();
  const sameKey = existing?.options.applicationServerKey && new Uint8Array(existing.options.applicationServerKey).every((b, i) => b === key[i]);
  if (existing && !sameKey) await existing.unsubscribe();
  try {
    const sub = sameKey && existing ? existing : await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    return sub.toJSON();
  } catch {
    throw new PushRefused('failed');
  }
}

/** Drops this device's subscription; answers its endpoint (to tell the server), or null when there was none. */
export async function unsubscribePush(): Promise<string | null> {
  const sub = await currentSubscription();
  if (!sub) return null;
  await sub.unsubscribe();
  return sub.endpoint;
}

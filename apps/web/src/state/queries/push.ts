import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { currentSubscription, pushSupported, subscribePush, unsubscribePush } from '../../lib/push';
import { currentLang } from '../../locale/i18n';
import { useSession } from '../session';
import { pushKeys } from './keys';

/** This device and push: `offered` when the server has a key and the browser can take pushes. */
interface PushDevice {
  offered: boolean;
  /** The browser refused notifications for the app (only its settings can undo that). */
  denied: boolean;
  /** This device is subscribed and the permission stands. */
  on: boolean;
}

const OFF: PushDevice = { offered: false, denied: false, on: false };

/** Reads the device's push state; waits for the service worker, which the app registers after launch (never in a dev build). */
async function readDevice(key: string): Promise<PushDevice> {
  if (!key || !pushSupported() || !import.meta.env.PROD) return OFF;
  await navigator.serviceWorker.ready;
  const denied = Notification.permission === 'denied';
  const sub = await currentSubscription();
  return { offered: true, denied, on: !!sub && Notification.permission === 'granted' };
}

/**
 * Web Push on this device: whether it is offered and on, `enable` (asks for the permission, so run
 * it from a tap, then subscribes and tells the server) and `disable`. Without the server's VAPID key
 * (push off) nothing is offered.
 */
export function usePush() {
  const qc = useQueryClient();
  const key = useSession((s) => s.systemConfig?.push_public_key ?? '');
  const token = useSession((s) => s.token);
  const q = useQuery({ queryKey: [...pushKeys.device, key], queryFn: () => readDevice(key), enabled: !!token, staleTime: Infinity });
  const done = () => void qc.invalidateQueries({ queryKey: pushKeys.device });
  const enable = useMutation({
    mutationFn: async () => {
      const sub = await subscribePush(key);
      const { endpoint, keys } = sub;
      if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('incomplete push subscription');
      await call('pushSubscribe', { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, lang: currentLang() });
    },
    onSettled: done,
  });
  const disable = useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribePush();
      if (endpoint) await call('pushUnsubscribe', { endpoint }, { silent: true });
    },
    onSettled: done,
  });
  return { ...(q.data ?? OFF), enable: enable.mutateAsync, disable: disable.mutateAsync, pending: enable.isPending || disable.isPending };
}

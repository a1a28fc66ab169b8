import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../lib/toast';

const subscribe = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};

/** Whether the browser thinks it is online. */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

/** A slim banner while offline (the service worker keeps the shell working), a toast when back. */
export function OfflineBanner() {
  const online = useOnline();
  const { t } = useTranslation();
  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      showToast(t('common.backOnline'));
    }
  }, [online, t]);
  if (online) return null;
  return (
    <div className="offline-banner" role="alert">
      {t('common.offline')}
    </div>
  );
}

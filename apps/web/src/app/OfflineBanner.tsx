import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../lib/toast';
import { useHall } from '../state/realtime/useHall';

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

/**
 * A slim strip at the top: offline (the service worker keeps the shell working, requests wait for
 * the network), or "reconnecting…" while the hall is coming back; a toast when the network returns.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { status } = useHall();
  const { t } = useTranslation();
  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      showToast(t('common.backOnline'));
    }
  }, [online, t]);
  if (!online) {
    return (
      <div className="offline-banner" role="alert" data-testid="offline-banner">
        {t('common.offline')}
      </div>
    );
  }
  if (status !== 'reconnecting') return null;
  return (
    <div className="offline-banner offline-banner--reconnecting" role="status" data-testid="reconnecting-banner">
      <span className="offline-banner__spinner" aria-hidden />
      {t('common.reconnecting')}
    </div>
  );
}

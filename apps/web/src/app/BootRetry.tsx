import { useEffect } from 'react';
import { t } from '../locale/i18n';

/**
 * The app's code could not load (offline, server restarting): a retry button, and a retry by itself
 * when the network comes back. Plain markup: nothing of antd-mobile has loaded yet.
 */
export function BootRetry({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry, { once: true });
    // Online but the server was down: try again every few seconds while the page is shown.
    const timer = window.setInterval(onRetry, 5_000);
    return () => {
      window.removeEventListener('online', onRetry);
      window.clearInterval(timer);
    };
  }, [onRetry]);
  const offline = !navigator.onLine;
  return (
    <div className="launch__boot-error" role="alert">
      <div>{offline ? t('error.offlineLaunch') : t('error.chunk')}</div>
      <button type="button" className="launch__retry" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
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
 * A slim strip at the top: offline (the device has no network), or the server out of reach (it is
 * down or restarting: the session stays, everything resumes when it answers again), or
 * "reconnecting…" while the hall is coming back; a toast when it is reachable again.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { status, unreachable } = useHall();
  const { t } = useTranslation();
  const cut = !online || unreachable;
  // A room fills the screen under its own top bar: there the strip floats below that bar and its chips as a pill
  // (at the top of the page it covered the anchor's name and the close button).
  const floating = useLocation().pathname.startsWith('/pages/room/') ? ' offline-banner--floating' : '';
  const wasCut = useRef(false);
  useEffect(() => {
    if (cut) wasCut.current = true;
    else if (wasCut.current && status === 'connected') {
      wasCut.current = false;
      showToast(t('common.backOnline'));
    }
  }, [cut, status, t]);
  if (cut) {
    return (
      <div className={`offline-banner${floating}`} role="alert" data-testid="offline-banner">
        <OfflineIcon />
        <span className="offline-banner__text">{online ? t('common.serverUnreachable') : t('common.offline')}</span>
        {online && <span className="offline-banner__spinner" aria-hidden />}
      </div>
    );
  }
  if (status !== 'reconnecting') return null;
  return (
    <div className={`offline-banner offline-banner--reconnecting${floating}`} role="status" data-testid="reconnecting-banner">
      <span className="offline-banner__spinner" aria-hidden />
      {t('common.reconnecting')}
    </div>
  );
}

/** A cloud with a slash: no connection. */
function OfflineIcon() {
  return (
    <svg className="offline-banner__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden>
      <path
        d="M7 18h10.5a3.5 3.5 0 0 0 .6-6.95A6 6 0 0 0 7.3 8.6 4.75 4.75 0 0 0 7 18Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

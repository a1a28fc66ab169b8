import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { GuardedImage } from '../components/GuardedImage';
import { UserAvatar } from '../components/UserAvatar';
import { PATHS } from '../lib/paths';
import { LIVE_ALERT_MS, useLiveAlerts } from '../state/realtime/liveAlerts';
import './liveAlert.css';

/** A followed anchor just went live: a banner from the top on any page (not inside that room); tap to enter. */
export function LiveAlertBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const alert = useLiveAlerts((s) => s.current);
  const dismiss = useLiveAlerts((s) => s.dismiss);
  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(dismiss, LIVE_ALERT_MS);
    return () => clearTimeout(timer);
  }, [alert, dismiss]);
  if (!alert) return null;
  if (location.search.includes(`id=${alert.room_id}`) && location.pathname.startsWith('/pages/')) return null;
  return (
    <div className="live-alert" role="alert" data-testid="live-alert">
      <button
        type="button"
        className="live-alert__main"
        onClick={() => {
          dismiss();
          navigate(`${PATHS.room}?id=${alert.room_id}`);
        }}
      >
        <span className="live-alert__avatar">
          <UserAvatar src={alert.anchor.avatar} size={42} />
          <i className="live-alert__dot">LIVE</i>
        </span>
        <span className="live-alert__text">
          <b>{t('liveAlert.body', { name: alert.anchor.nickname })}</b>
          <span>{alert.title}</span>
        </span>
        {alert.cover && <GuardedImage className="live-alert__cover" src={alert.cover} alt="" />}
        <span className="live-alert__enter">{t('liveAlert.enter')}</span>
      </button>
      <button type="button" className="live-alert__close" aria-label={t('liveAlert.dismiss')} onClick={dismiss}>
        ×
      </button>
    </div>
  );
}

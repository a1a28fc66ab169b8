import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PushRefused } from '../lib/push';
import { showToast } from '../lib/toast';
import { useLiveAlertSwitch } from '../state/queries/live';
import { usePush } from '../state/queries/push';
import './goLiveBell.css';

/**
 * The bell "开播提醒" of an anchor I follow (their card, their room): on when this device is
 * subscribed to pushes and the anchor's alerts are on. A tap turns it on (the browser asks for the
 * notification permission then, and only then) or turns this anchor's alerts off. Hidden while the
 * server or the browser cannot push.
 */
export function GoLiveBell({ anchorId, labelled = false }: { anchorId: number; labelled?: boolean }) {
  const { t } = useTranslation();
  const push = usePush();
  const alert = useLiveAlertSwitch(anchorId, push.offered);
  if (!push.offered) return null;
  const on = push.on && alert.on;

  const tap = async () => {
    if (on) return alert.set(false, { onSuccess: () => showToast(t('liveAlert.off')) });
    if (push.denied) return showToast(t('push.denied'));
    try {
      if (!push.on) await push.enable();
      if (!alert.on) alert.set(true);
      showToast(t('push.bellOn'), 'success');
    } catch (err) {
      showToast(t(err instanceof PushRefused && err.reason === 'denied' ? 'push.denied' : 'push.failed'));
    }
  };
  return (
    <button
      type="button"
      className={`go-live-bell${on ? ' go-live-bell--on' : ''}${labelled ? ' go-live-bell--labelled' : ''}`}
      aria-pressed={on}
      aria-label={t('push.bell')}
      data-testid="go-live-bell"
      disabled={push.pending || alert.pending}
      onClick={() => void tap()}
    >
      <BellOutline aria-hidden />
      {labelled && <span>{t(on ? 'push.bellOnLabel' : 'push.notifyMe')}</span>}
    </button>
  );
}

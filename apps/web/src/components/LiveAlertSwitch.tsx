import { Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showToast } from '../lib/toast';
import { useLiveAlertSwitch } from '../state/queries/live';

/** The per-anchor go-live alert switch of an anchor I follow. */
export function LiveAlertSwitch({ anchorId }: { anchorId: number }) {
  const { t } = useTranslation();
  const alert = useLiveAlertSwitch(anchorId, true);
  return (
    <label className="live-alert-switch" data-testid="live-alert-switch">
      <span>{t('liveAlert.switch')}</span>
      <Switch
        checked={alert.on}
        loading={alert.pending}
        onChange={(on) => alert.set(on, { onSuccess: () => showToast(t(on ? 'liveAlert.on' : 'liveAlert.off')) })}
      />
    </label>
  );
}

import { List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PushRefused } from '../lib/push';
import { showToast } from '../lib/toast';
import { usePush } from '../state/queries/push';

/**
 * "消息推送" in message settings: this device gets private messages and go-live alerts while the app
 * is closed. Turning it on asks for the notification permission (from this tap only). Hidden while
 * the server or the browser cannot push.
 */
export function PushSwitch() {
  const { t } = useTranslation();
  const push = usePush();
  if (!push.offered) return null;
  const change = async (on: boolean) => {
    if (on && push.denied) return showToast(t('push.denied'));
    try {
      if (on) await push.enable();
      else await push.disable();
      showToast(t(on ? 'push.switchOn' : 'push.switchOff'), on ? 'success' : undefined);
    } catch (err) {
      showToast(t(err instanceof PushRefused && err.reason === 'denied' ? 'push.denied' : 'push.failed'));
    }
  };
  return (
    <List className="setting-list" mode="card">
      <List.Item
        description={t(push.denied ? 'push.denied' : 'push.switchDesc')}
        extra={<Switch checked={push.on} loading={push.pending} onChange={(on) => void change(on)} data-testid="push-switch" />}
      >
        {t('push.switch')}
      </List.Item>
    </List>
  );
}

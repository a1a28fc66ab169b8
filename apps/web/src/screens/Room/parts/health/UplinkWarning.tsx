import { ExclamationTriangleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { Broadcaster } from '../../../../lib/media/broadcaster';
import { formatBitrate } from '../../../../lib/media/sendStats';
import type { StreamHealth } from './useStreamHealth';

/** The upload cannot hold the configured bitrate: what it holds, and a one-tap switch to the smooth quality. */
export function UplinkWarning({ health, broadcaster }: { health: StreamHealth; broadcaster: Broadcaster }) {
  const { t } = useTranslation();
  const smooth = broadcaster.getSnapshot().quality === 'smooth';
  return (
    <div className="uplink-warning" role="alert" data-testid="uplink-warning">
      <ExclamationTriangleOutline className="uplink-warning__icon" />
      <div className="uplink-warning__body">
        <div className="uplink-warning__title">{t('health.shortTitle')}</div>
        <div>{t('health.shortDesc', { now: formatBitrate(health.stats.bitrate), target: formatBitrate(health.target) })}</div>
      </div>
      {!smooth && (
        <button type="button" className="uplink-warning__action" data-testid="switch-smooth" onClick={() => void broadcaster.setQuality('smooth')}>
          {t('health.switchSmooth')}
        </button>
      )}
    </div>
  );
}

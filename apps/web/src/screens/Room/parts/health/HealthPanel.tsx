import { useTranslation } from 'react-i18next';
import type { BroadcastQuality, Broadcaster } from '../../../../lib/media/broadcaster';
import { formatBitrate, type SendStats } from '../../../../lib/media/sendStats';

interface Props {
  stats: SendStats;
  /** The configured bitrate (0: unknown, an OBS anchor's). */
  target: number;
  short: boolean;
  /** The browser's broadcaster (null for OBS: its quality is set in OBS). */
  broadcaster: Broadcaster | null;
  quality: BroadcastQuality;
}

/** The anchor's stream in figures: bitrate against the target, frame rate, resolution, loss, round trip; and the quality switch. */
export function HealthPanel({ stats, target, short, broadcaster, quality }: Props) {
  const { t } = useTranslation();
  const dash = '—';
  const rows: { key: string; label: string; value: string; bad?: boolean }[] = [
    {
      key: 'bitrate',
      label: t('health.bitrate'),
      value: target ? `${formatBitrate(stats.bitrate)} / ${formatBitrate(target)}` : formatBitrate(stats.bitrate),
      bad: short,
    },
    { key: 'fps', label: t('health.fps'), value: stats.fps === null ? dash : `${Math.round(stats.fps)} fps` },
    { key: 'resolution', label: t('health.resolution'), value: stats.width && stats.height ? `${stats.width}×${stats.height}` : dash },
    { key: 'loss', label: t('health.loss'), value: stats.loss === null ? dash : `${(stats.loss * 100).toFixed(1)}%`, bad: (stats.loss ?? 0) > 0.05 },
    { key: 'rtt', label: t('health.rtt'), value: stats.rttMs === null ? dash : `${stats.rttMs} ms` },
  ];
  return (
    <div className="health-panel" data-testid="health-panel">
      <div className="health-panel__title">{t('health.title')}</div>
      <div className="health-panel__source">{broadcaster ? t('health.sourceBrowser') : t('health.sourceServer')}</div>
      <div className="health-panel__grid">
        {rows.map((r) => (
          <div key={r.key} className={r.bad ? 'health-cell health-cell--bad' : 'health-cell'} data-metric={r.key}>
            <div className="health-cell__value">{r.value}</div>
            <div className="health-cell__label">{r.label}</div>
          </div>
        ))}
      </div>
      {broadcaster ? (
        <>
          <div className="health-panel__label">{t('health.quality')}</div>
          <div className="health-quality">
            {(['hd', 'smooth'] as const).map((q) => (
              <button
                key={q}
                type="button"
                className={q === quality ? 'health-quality__opt health-quality__opt--on' : 'health-quality__opt'}
                aria-pressed={q === quality}
                data-quality={q}
                onClick={() => void broadcaster.setQuality(q)}
              >
                <b>{t(q === 'hd' ? 'health.hd' : 'health.smooth')}</b>
                <span>{t(q === 'hd' ? 'health.hdDesc' : 'health.smoothDesc')}</span>
              </button>
            ))}
          </div>
        </>
      ) : (
        <div className="health-panel__hint">{t('health.obsHint')}</div>
      )}
    </div>
  );
}

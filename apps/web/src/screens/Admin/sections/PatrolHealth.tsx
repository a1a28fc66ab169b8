import type { HealthSample } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useAdminQuery } from '../../../state/queries/admin';
import { formatBitrate } from '../../../lib/media/sendStats';

const W = 280;
const H = 64;

/** A bitrate line of one source over the samples' time span. */
function line(list: HealthSample[], from: number, span: number, top: number): string {
  return list.map((s, i) => `${i ? 'L' : 'M'}${(((Date.parse(s.at) - from) / span) * W).toFixed(1)},${(H - (s.bitrate / top) * H).toFixed(1)}`).join(' ');
}

/** A live room's stream health for moderators: the bitrate over the live (the anchor's client and the server's ingest) and the latest figures. */
export function PatrolHealth({ roomId }: { roomId: number }) {
  const { t } = useTranslation();
  const q = useAdminQuery('adminLiveHealth', { room_id: roomId }, { refetchMs: 10_000 });
  const list = q.data?.list ?? [];
  if (!q.data) return null;
  if (!list.length)
    return (
      <div className="adm-muted" data-testid="patrol-health">
        {t('admin.patrol.healthNone')}
      </div>
    );
  const client = list.filter((s) => s.source === 'client');
  const ingest = list.filter((s) => s.source === 'ingest');
  const from = Date.parse(list[0]!.at);
  const span = Math.max(1, Date.parse(list.at(-1)!.at) - from);
  const top = Math.max(...list.map((s) => Math.max(s.bitrate, s.target ?? 0)), 1);
  const last = client.at(-1) ?? ingest.at(-1)!;
  return (
    <div className="adm-health" data-testid="patrol-health">
      <svg viewBox={`0 0 ${W} ${H}`} className="adm-health__chart" role="img" aria-label={t('admin.patrol.healthChart')}>
        {client.length > 0 && <path d={line(client, from, span, top)} className="adm-health__client" />}
        {ingest.length > 0 && <path d={line(ingest, from, span, top)} className="adm-health__ingest" />}
      </svg>
      <div className="adm-health__legend">
        <span className="adm-health__key adm-health__key--client">{t('admin.patrol.healthClient')}</span>
        <span className="adm-health__key adm-health__key--ingest">{t('admin.patrol.healthIngest')}</span>
      </div>
      <div className="adm-health__now" data-testid="patrol-health-now">
        {formatBitrate(last.bitrate)}
        {last.fps !== null && ` · ${Math.round(last.fps)} fps`}
        {last.loss !== null && ` · ${t('admin.patrol.healthLoss', { pct: (last.loss * 100).toFixed(1) })}`}
        {last.limited === 'bandwidth' && ` · ${t('admin.patrol.healthLimited')}`}
      </div>
    </div>
  );
}

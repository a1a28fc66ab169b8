import { formatDateCN } from '@app/kit';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from './EmptyState';
import { PageLoading } from './PageLoading';
import { showToast } from '../lib/toast';
import { mediaCredentials } from '../state/queries/room';
import { absoluteUrl, copyText } from '../lib/copyText';
import './obsPanel.css';

/** PC mode (§3): the WHIP URL and token to paste into OBS, instead of the phone's camera. */
export function ObsPanel({ roomId, onEnter }: { roomId: number; onEnter?: () => void }) {
  const { t } = useTranslation();
  // Not cached: each visit gets a token with its full lifetime ahead of it.
  const q = useQuery({ queryKey: ['room', 'obs', roomId], queryFn: () => mediaCredentials({ room_id: roomId, kind: 'publish' }), gcTime: 0 });
  if (q.isPending) return <PageLoading full={false} />;
  if (q.isError) return <LoadError onRetry={() => void q.refetch()} />;
  const rows = [
    { key: 'url', label: t('create.obsUrl'), value: absoluteUrl(q.data.url) },
    { key: 'token', label: t('create.obsToken'), value: q.data.token },
  ];
  const copy = async (v: string) => showToast((await copyText(v)) ? t('create.copied') : v);
  return (
    <div className="obs-panel" data-testid="obs-panel">
      <div className="obs-panel__title">{t('create.obsTitle')}</div>
      <p className="obs-panel__hint">{t('create.obsHint')}</p>
      {rows.map((r) => (
        <div key={r.key} className="obs-row">
          <span className="obs-row__label">{r.label}</span>
          <code className="obs-row__value" data-testid={`obs-${r.key}`}>
            {r.value}
          </code>
          <Button size="mini" shape="rounded" className="obs-row__copy" onClick={() => void copy(r.value)}>
            {t('create.copy')}
          </Button>
        </div>
      ))}
      <div className="obs-panel__expires">{t('create.obsExpires', { time: formatDateCN(q.data.expires_at, 'YYYY-MM-DD HH:mm') })}</div>
      {onEnter && (
        <Button block shape="rounded" size="large" className="brand-button obs-panel__enter" onClick={onEnter}>
          {t('create.enterRoom')}
        </Button>
      )}
    </div>
  );
}

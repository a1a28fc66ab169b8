import { PullToRefresh } from 'antd-mobile';
import { RightOutline, SoundOutline } from 'antd-mobile-icons';
import { formatDateCN } from '@app/kit';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { EmptyState, LoadError } from '../../../components/EmptyState';
import { LoadMore } from '../../../components/LoadMore';
import { PageLoading } from '../../../components/PageLoading';
import { useBulletins } from '../../../state/queries/bulletin';

/** The announcement list: pinned first, pull to refresh, more as you scroll. */
export function NoticeList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useBulletins();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];

  if (q.isPending) return <PageLoading />;
  if (q.isError && items.length === 0) return <LoadError onRetry={() => void q.refetch()} />;

  return (
    <PullToRefresh
      onRefresh={async () => {
        await q.refetch();
      }}
    >
      {items.length === 0 ? (
        <EmptyState title={t('notice.empty')} />
      ) : (
        <ul className="notice-list" data-testid="notice-list">
          {items.map((b) => (
            <li key={b.id}>
              <button type="button" className="notice-item" onClick={() => navigate(`${PATHS.notice}?id=${b.id}`)}>
                <span className="notice-item__icon">
                  <SoundOutline />
                </span>
                <span className="notice-item__main">
                  <span className="notice-item__title">
                    {b.pinned && <span className="notice-item__pin">{t('notice.pinned')}</span>}
                    {b.title}
                  </span>
                  <span className="notice-item__summary">{b.content}</span>
                  <span className="notice-item__time">{formatDateCN(b.created_at, 'YYYY-MM-DD HH:mm')}</span>
                </span>
                <RightOutline className="notice-item__arrow" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && <LoadMore query={q} />}
    </PullToRefresh>
  );
}

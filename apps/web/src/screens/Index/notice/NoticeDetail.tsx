import { formatDateCN } from '@app/kit';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError } from '../../../components/EmptyState';
import { PageLoading } from '../../../components/PageLoading';
import { useBulletin } from '../../../state/queries/bulletin';

/** One announcement. */
export function NoticeDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useBulletin(id);
  if (!Number.isInteger(id) || id <= 0) return <EmptyState title={t('notice.notFound')} />;
  if (q.isPending) return <PageLoading />;
  if (q.isError) return <LoadError onRetry={() => void q.refetch()} />;
  const b = q.data;
  if (!b) return <EmptyState title={t('notice.notFound')} />;
  return (
    <article className="card notice-detail" data-testid="notice-detail">
      <h2 className="notice-detail__title">
        {b.pinned && <span className="notice-item__pin">{t('notice.pinned')}</span>}
        {b.title}
      </h2>
      <div className="notice-detail__time">{formatDateCN(b.created_at, 'YYYY-MM-DD HH:mm')}</div>
      <div className="notice-detail__content">{b.content}</div>
    </article>
  );
}

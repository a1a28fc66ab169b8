import { Dialog, SpinLoading, Tag } from 'antd-mobile';
import { DeleteOutline, PlayOutline, VideoOutline } from 'antd-mobile-icons';
import type { VideoResource } from '@app/contract';
import { formatClock, formatDateCN } from '@app/kit';
import { formatCount } from '../../../locale/count';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { EmptyState, LoadError } from '../../../components/EmptyState';
import { GuardedImage } from '../../../components/GuardedImage';
import { PageLoading } from '../../../components/PageLoading';
import { isWorking, useDeleteUpload, useMyUploads } from '../../../state/queries/video';
import { formatCoins } from '../../../lib/money';
import { LoadMore } from '../../../components/LoadMore';

const TONE = { receiving: 'default', uploaded: 'warning', processing: 'warning', ready: 'success', draft: 'primary', failed: 'danger' } as const;

/** What an upload's tag says: a processed upload is published only once it has a video ("draft" until then). */
export const uploadLabel = (r: Pick<VideoResource, 'status' | 'video'>): keyof typeof TONE => (r.status === 'ready' && r.video === null ? 'draft' : r.status);

/** The meta line: the failure, the views or nothing, then the date, with a separator only between parts. */
export const uploadMeta = (parts: string[]): string => parts.filter((p) => p !== '').join(' · ');

function UploadRow({ r, onPublish }: { r: VideoResource; onPublish: (r: VideoResource) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const del = useDeleteUpload();
  const playable = r.status === 'ready' && r.video !== null;
  const cover = r.video?.cover || r.poster;
  const onDelete = async () => {
    if (await Dialog.confirm({ content: t('video.deleteConfirm'), confirmText: t('video.delete'), cancelText: t('common.cancel') })) del.mutate(r.id);
  };
  return (
    <div className="vu-row" data-testid="my-upload" data-status={r.status} data-video-id={r.video?.id ?? ''}>
      <button type="button" className="vu-row__thumb" disabled={!playable} onClick={() => navigate(`${PATHS.video}?id=${r.video!.id}`)}>
        {cover ? (
          <GuardedImage className="vu-row__img" src={cover} alt="" />
        ) : (
          <span className="vu-row__img vu-row__img--blank">{!isWorking(r) && <VideoOutline />}</span>
        )}
        {isWorking(r) && (
          <span className="vu-row__busy">
            <SpinLoading color="#fff" style={{ '--size': '24px' }} />
            <em>{t('video.status.processing')}</em>
          </span>
        )}
        {playable && (
          <span className="vu-row__play">
            <PlayOutline />
          </span>
        )}
        {r.duration > 0 && <span className="vu-row__len">{formatClock(r.duration)}</span>}
      </button>
      <div className="vu-row__main">
        <div className="vu-row__title">{r.video?.title ?? t('video.unpublished')}</div>
        <div className="vu-row__tags">
          {r.video === null && r.status !== 'failed' && (
            <button type="button" className="vu-row__publish" data-testid="publish-later" onClick={() => onPublish(r)}>
              {t('video.publish')}
            </button>
          )}
          <Tag color={TONE[uploadLabel(r)]} fill="outline" data-testid="upload-state">
            {t(`video.status.${uploadLabel(r)}`)}
          </Tag>
          {r.video && r.video.price > 0 && (
            <Tag color="warning" fill="solid">
              {t('video.priceBadge', { price: formatCoins(r.video.price) })}
            </Tag>
          )}
        </div>
        <div className="vu-row__sub">
          {uploadMeta([
            r.status === 'failed' ? r.error : r.video ? t('video.views', { n: formatCount(r.video.views) }) : '',
            formatDateCN(r.created_at, 'YYYY-MM-DD'),
          ])}
        </div>
      </div>
      <button type="button" className="vu-row__del" aria-label={t('video.delete')} onClick={() => void onDelete()}>
        <DeleteOutline />
      </button>
    </div>
  );
}

/** My uploads with their transcode state (processing rows refresh themselves until ready); an unpublished one can be published. */
export function MyUploads({ onUpload, onPublish }: { onUpload: () => void; onPublish: (r: VideoResource) => void }) {
  const { t } = useTranslation();
  const q = useMyUploads(true);
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  if (q.isPending) return <PageLoading />;
  if (q.isError && rows.length === 0) return <LoadError onRetry={() => void q.refetch()} />;
  if (rows.length === 0) return <EmptyState icon={<VideoOutline />} title={t('video.noUploads')} action={{ label: t('video.upload'), onClick: onUpload }} />;
  return (
    <div className="vu-list" data-testid="my-uploads">
      {rows.map((r) => (
        <UploadRow key={r.id} r={r} onPublish={onPublish} />
      ))}
      <LoadMore query={q} />
    </div>
  );
}

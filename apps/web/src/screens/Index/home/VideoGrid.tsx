import { PullToRefresh } from 'antd-mobile';
import { PlayOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { EmptyState, LoadError } from '../../../components/EmptyState';
import { PageLoading } from '../../../components/PageLoading';
import { useVideoList } from '../../../state/queries/video';
import { VideoCardView } from './VideoCardView';
import { LoadMore } from '../../../components/LoadMore';

/** The videos of one category: pull to refresh (the page's recommendations too), more as you scroll, empty and error states. */
export function VideoGrid({ cateId, onRefresh, header }: { cateId: number | null; onRefresh: () => Promise<unknown>; header?: React.ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useVideoList(cateId);
  const videos = q.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <PullToRefresh onRefresh={async () => void (await Promise.all([q.refetch(), onRefresh()]))}>
      {header}
      {q.isPending ? (
        <PageLoading />
      ) : q.isError && videos.length === 0 ? (
        <LoadError onRetry={() => void q.refetch()} />
      ) : videos.length === 0 ? (
        <EmptyState
          icon={<PlayOutline />}
          title={t('empty.video')}
          description={t('video.emptyDesc')}
          action={{ label: t('video.upload'), onClick: () => navigate(PATHS.uploadVd) }}
        />
      ) : (
        <>
          <div className="vgrid" data-testid="video-grid">
            {videos.map((v) => (
              <VideoCardView key={v.id} v={v} cateId={cateId} />
            ))}
          </div>
          <LoadMore query={q} />
        </>
      )}
    </PullToRefresh>
  );
}

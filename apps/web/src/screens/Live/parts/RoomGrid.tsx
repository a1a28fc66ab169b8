import { PullToRefresh } from 'antd-mobile';
import { VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { EmptyState, LoadError } from '../../../components/EmptyState';
import { PageLoading } from '../../../components/PageLoading';
import { useLiveRooms } from '../../../state/queries/room';
import { LoadMore } from '../../../components/LoadMore';
import { LiveRoomCards } from './LiveRoomCards';

/** The rooms of one category: pull to refresh, more as you scroll, empty and error states. */
export function RoomGrid({ categoryId }: { categoryId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useLiveRooms(categoryId);
  const rooms = q.data?.pages.flatMap((p) => p.list) ?? [];

  if (q.isPending) return <PageLoading />;
  if (q.isError && rooms.length === 0) return <LoadError onRetry={() => void q.refetch()} />;

  return (
    <PullToRefresh onRefresh={async () => void (await q.refetch())}>
      {rooms.length === 0 ? (
        <EmptyState
          icon={<VideoOutline />}
          title={t('empty.live')}
          description={t('empty.liveDesc')}
          action={{ label: t('live.goLive'), onClick: () => navigate(PATHS.create) }}
        />
      ) : (
        <>
          <LiveRoomCards rooms={rooms} testId="room-grid" />
          <LoadMore query={q} />
        </>
      )}
    </PullToRefresh>
  );
}

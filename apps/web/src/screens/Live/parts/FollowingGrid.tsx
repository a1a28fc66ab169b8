import { PullToRefresh } from 'antd-mobile';
import { UserAddOutline, VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadError } from '../../../components/EmptyState';
import { LoadMore } from '../../../components/LoadMore';
import { PageLoading } from '../../../components/PageLoading';
import { goLogin } from '../../../lib/nav';
import { useFollowingLive } from '../../../state/queries/board';
import { useSession } from '../../../state/session';
import { LiveRoomCards } from './LiveRoomCards';
import { PreviewStrip } from './PreviewStrip';

/** 关注: the next lives (预告) and the open rooms of the anchors the member follows; a guest or a logged-out reader is asked to log in. */
export function FollowingGrid() {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const member = useSession((s) => !!s.token && !s.isGuest);
  const q = useFollowingLive();
  const rooms = q.data?.pages.flatMap((p) => p.list) ?? [];
  const toHot = { label: t('board.browseHot'), onClick: () => setParams({}, { replace: true }) };

  if (!member)
    return (
      <div data-testid="following-empty" data-reason="login">
        <EmptyState icon={<UserAddOutline />} title={t('board.followingLoggedOut')} action={{ label: t('board.login'), onClick: () => goLogin() }} />
      </div>
    );
  if (q.isPending) return <PageLoading />;
  if (q.isError && rooms.length === 0) return <LoadError onRetry={() => void q.refetch()} />;
  return (
    <PullToRefresh onRefresh={async () => void (await q.refetch())}>
      <PreviewStrip />
      {rooms.length === 0 ? (
        <div data-testid="following-empty" data-reason="none">
          <EmptyState icon={<VideoOutline />} title={t('board.followingEmpty')} description={t('board.followingEmptyDesc')} action={toHot} />
        </div>
      ) : (
        <>
          <LiveRoomCards rooms={rooms} testId="following-grid" />
          <LoadMore query={q} />
        </>
      )}
    </PullToRefresh>
  );
}

import { SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { EmptyState, LoadError } from '../../../components/EmptyState';
import { PageLoading } from '../../../components/PageLoading';
import { UserAvatar } from '../../../components/UserAvatar';
import { useSearchRooms, useSearchUsers } from '../../../state/queries/room';
import { LiveBars, RoomCard } from '../../../components/RoomCard';
import { LoadMore } from '../../../components/LoadMore';

const Nothing = () => {
  const { t } = useTranslation();
  return <EmptyState icon={<SearchOutline />} title={t('live.searchEmpty')} />;
};

export function RoomResults({ keyword }: { keyword: string }) {
  const q = useSearchRooms(keyword);
  const rooms = q.data?.pages.flatMap((p) => p.list) ?? [];
  if (q.isPending) return <PageLoading full={false} />;
  if (q.isError && rooms.length === 0) return <LoadError onRetry={() => void q.refetch()} />;
  if (rooms.length === 0) return <Nothing />;
  return (
    <>
      <div className="room-grid" data-testid="search-rooms">
        {rooms.map((r) => (
          <RoomCard key={r.id} room={r} />
        ))}
      </div>
      <LoadMore query={q} />
    </>
  );
}

export function UserResults({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useSearchUsers(keyword);
  const users = q.data?.pages.flatMap((p) => p.list) ?? [];
  if (q.isPending) return <PageLoading full={false} />;
  if (q.isError && users.length === 0) return <LoadError onRetry={() => void q.refetch()} />;
  if (users.length === 0) return <Nothing />;
  return (
    <>
      <ul className="user-results" data-testid="search-users">
        {users.map((u) => (
          <li key={u.id}>
            <button
              type="button"
              className="user-result"
              disabled={u.room_id === null}
              // The room page moves a chat room to its own page, so the room kind is not needed here.
              onClick={() => u.room_id !== null && navigate(`${PATHS.room}?id=${u.room_id}`)}
            >
              <span className={u.room_id !== null ? 'user-result__avatar user-result__avatar--live' : 'user-result__avatar'}>
                <UserAvatar src={u.avatar} size={48} />
              </span>
              <span className="user-result__main">
                <span className="user-result__name">{u.nickname}</span>
                <span className="user-result__sign">{u.signature || `ID ${u.id}`}</span>
              </span>
              {u.room_id !== null ? (
                <span className="user-result__live">
                  <LiveBars />
                  {t('live.userLive')}
                </span>
              ) : (
                <span className="user-result__off">{t('live.userOffline')}</span>
              )}
            </button>
          </li>
        ))}
      </ul>
      <LoadMore query={q} />
    </>
  );
}

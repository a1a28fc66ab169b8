import { RoomAuth, type BoardPeriod, type FanBadge, type UserBrief } from '@app/contract';
import { DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar';
import { UserBadges } from '../../../../components/UserBadges';
import { formatCoins } from '../../../../lib/money';
import { useRoomBoard, useRoomViewers } from '../../../../state/queries/board';
import { useRoom } from '../shell/RoomContext';

/** One person in a room list: place, avatar, name with level, VIP and fan badges, a tag, what they gave. */
function PersonRow({
  user,
  fan,
  rank,
  tag,
  amount,
  me,
  onUser,
}: {
  user: UserBrief;
  fan: FanBadge | null;
  rank?: number | null;
  tag?: string | null;
  amount?: number;
  me: boolean;
  onUser: (u: UserBrief) => void;
}) {
  const { state } = useRoom();
  const { t } = useTranslation();
  return (
    <button type="button" className="board-row" data-testid="board-row" data-user-id={user.id} disabled={me} onClick={() => onUser(user)}>
      {rank !== undefined && <span className={`board-row__no board-row__no--${rank ?? 0}`}>{rank ?? '-'}</span>}
      <UserAvatar src={user.avatar} size={40} />
      <span className="board-row__main">
        <span className="board-row__name">{user.nickname}</span>
        <span className="board-row__badges">
          <UserBadges user={user} fan={fan} />
          {tag && <span className="sheet-user__tag">{tag}</span>}
          {state.mutedIds.includes(user.id) && <span className="sheet-user__tag sheet-user__tag--muted">{t('room.mute')}</span>}
        </span>
      </span>
      {amount !== undefined && amount > 0 && (
        <span className="board-row__amount" data-testid="board-amount" data-amount={amount}>
          {formatCoins(amount)}
        </span>
      )}
    </button>
  );
}

function Frame({ pending, empty, children }: { pending: boolean; empty: string | null; children: ReactNode }) {
  if (pending)
    return (
      <div className="room-sheet__empty">
        <DotLoading />
      </div>
    );
  if (empty) return <div className="room-sheet__empty">{empty}</div>;
  return <>{children}</>;
}

/** The people in the room now: the top givers present first, then the latest arrivals. */
export function ViewerList({ onUser }: { onUser: (u: UserBrief) => void }) {
  const { t } = useTranslation();
  const { room, me } = useRoom();
  const q = useRoomViewers(room.id);
  const list = q.data?.list ?? [];
  const tagOf = (auth: number) => (auth === RoomAuth.ADMIN ? t('room.roleAdmin') : auth === RoomAuth.COHOST ? t('room.roleCohost') : null);
  return (
    <Frame pending={q.isPending} empty={list.length === 0 ? t('room.viewersEmpty') : null}>
      <ul className="room-sheet__list" data-testid="viewer-list">
        {list.map((v) => (
          <li key={v.user.id}>
            <PersonRow user={v.user} fan={v.fan} tag={tagOf(v.auth)} amount={v.amount} me={v.user.id === me.id} onUser={onUser} />
          </li>
        ))}
      </ul>
    </Frame>
  );
}

/** A contribution board (this live, or this week) and the caller's own place under it. */
export function BoardList({ period, onUser }: { period: BoardPeriod; onUser: (u: UserBrief) => void }) {
  const { t } = useTranslation();
  const { room, me } = useRoom();
  const q = useRoomBoard(room.id, period);
  const list = q.data?.list ?? [];
  const mine = q.data?.me ?? null;
  return (
    <>
      <div className="board-hint">{t(period === 'live' ? 'board.liveHint' : 'board.weekHint')}</div>
      <Frame pending={q.isPending} empty={list.length === 0 ? t('board.empty') : null}>
        <ul className="room-sheet__list" data-testid="board-list" data-period={period}>
          {list.map((e) => (
            <li key={e.user.id}>
              <PersonRow user={e.user} fan={e.fan} rank={e.rank} amount={e.amount} me={e.user.id === me.id} onUser={onUser} />
            </li>
          ))}
        </ul>
      </Frame>
      {mine && !me.guest && (
        <div className="board-me" data-testid="board-me">
          <span className="board-me__no">{mine.rank ?? t('board.unranked')}</span>
          <span className="board-me__text">{mine.amount > 0 ? t('board.myAmount', { amount: formatCoins(mine.amount) }) : t('board.giveHint')}</span>
        </div>
      )}
    </>
  );
}

import { MONEY_UNIT } from '@app/kit';
import { formatCount } from '../locale/count';
import { Button, Dialog, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showToast } from '../lib/toast';
import { useFanClub, useJoinFanClub, useLeaveFanClub } from '../state/queries/live';
import { useSession } from '../state/session';
import { UserAvatar } from './UserAvatar';
import { UserBadges } from './UserBadges';
import './fanClub.css';

const coins = (units: number) => formatCount(Math.floor(units / MONEY_UNIT));

/**
 * An anchor's fan club (粉丝团): its badge, members, my membership (join with the small join gift,
 * leave keeping the history) and the top fans. `compact` shows the first few fans only (a profile).
 */
export function FanClubPanel({ anchorId, anchorName, compact = false }: { anchorId: number; anchorName: string; compact?: boolean }) {
  const { t } = useTranslation();
  const meId = useSession((s) => (s.isGuest ? null : (s.userInfo?.id ?? null)));
  const q = useFanClub(anchorId);
  const join = useJoinFanClub(anchorId);
  const leave = useLeaveFanClub(anchorId);
  const club = q.data;
  if (!club) return <Skeleton.Paragraph lineCount={3} animated />;
  const mine = club.mine;
  const member = mine?.active === true;
  const own = meId === anchorId;
  const top = compact ? club.top.slice(0, 5) : club.top;

  const onJoin = () =>
    join.mutate(undefined, {
      onSuccess: () => showToast(t('fanclub.joined'), 'success'),
    });
  const onLeave = () =>
    void Dialog.confirm({
      content: t('fanclub.leaveConfirm'),
      confirmText: t('fanclub.leave'),
      cancelText: t('common.cancel'),
      onConfirm: () => leave.mutate(undefined, { onSuccess: () => showToast(t('fanclub.left')) }),
    });

  return (
    <section className={compact ? 'fan-club fan-club--compact' : 'fan-club'} data-testid="fan-club">
      <div className="fan-club__card">
        <div className="fan-club__badge">
          <span className="fan-club__badge-name">{club.name}</span>
          <b>{mine?.level ?? 1}</b>
        </div>
        <div className="fan-club__who">
          <div className="fan-club__title">{t('fanclub.anchorClub', { name: anchorName })}</div>
          <div className="fan-club__sub" data-testid="fan-club-members">
            {t('fanclub.members', { n: club.members })}
          </div>
        </div>
      </div>
      {mine && (
        <div className="fan-club__mine" data-testid="fan-club-mine">
          <span>{t('fanclub.myLevel', { level: mine.level })}</span>
          <span>{t('fanclub.giftTotal', { coins: coins(mine.gift_total) })}</span>
          <span>{t('fanclub.watchDays', { n: mine.watch_days })}</span>
        </div>
      )}
      {!own && meId !== null && (
        <div className="fan-club__actions">
          {member ? (
            <Button shape="rounded" size="middle" block className="fan-club__leave" onClick={onLeave} loading={leave.isPending}>
              {t('fanclub.leave')}
            </Button>
          ) : (
            <Button shape="rounded" size="middle" block className="brand-button" data-testid="fan-club-join" loading={join.isPending} onClick={onJoin}>
              {mine ? t('fanclub.rejoin') : t('fanclub.join')} · {t('fanclub.joinPrice', { coins: coins(club.join_price) })}
            </Button>
          )}
        </div>
      )}
      <div className="fan-club__rules">{t('fanclub.rules')}</div>
      <div className="fan-club__top-title">{t('fanclub.top')}</div>
      {top.length === 0 ? (
        <div className="fan-club__empty">{t('fanclub.empty')}</div>
      ) : (
        <ol className="fan-club__list" data-testid="fan-club-list">
          {top.map((u, i) => (
            <li key={u.id}>
              <span className={`fan-club__rank fan-club__rank--${i + 1}`}>{i + 1}</span>
              <UserAvatar src={u.avatar} size={34} />
              <span className="fan-club__name">{u.nickname}</span>
              <UserBadges user={u} fan={{ name: club.name, level: u.fan_level }} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

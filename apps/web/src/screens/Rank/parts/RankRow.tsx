import type { RankEntry } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { formatCount } from '../../../locale/count';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar';
import { RankValue } from './RankValue';

/** A place below the podium: number, avatar, name with VIP, amount. */
export function RankRow({ e, kind, me }: { e: RankEntry; kind: 'wealth' | 'charm'; me: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`rank-row ${me ? 'rank-row--me' : ''}`} data-testid="rank-row" data-user={e.user.id}>
      <span className="rank-row__no">{e.rank}</span>
      <UserAvatar src={e.user.avatar} size={42} />
      <span className="rank-row__who">
        <span className="rank-row__name">{e.user.nickname}</span>
        {e.user.vip_level > 0 && <span className="vip-badge">{t('user.vip', { level: e.user.vip_level })}</span>}
      </span>
      <RankValue kind={kind} text={formatCount(Math.floor(e.amount / MONEY_UNIT))} />
    </div>
  );
}

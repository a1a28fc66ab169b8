import type { RankEntry } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { formatCount } from '../../../locale/count';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar';
import { CrownIcon } from '../../../components/icons';
import { RankValue } from './RankValue';

/** Podium order: second on the left, first in the middle (raised), third on the right. */
const ORDER = [2, 1, 3] as const;

/** The top three with crowns, avatars, names and amounts; empty places stay as "虚位以待". */
export function Podium({ top, kind }: { top: RankEntry[]; kind: 'wealth' | 'charm' }) {
  const { t } = useTranslation();
  return (
    <div className="podium" data-testid="rank-podium">
      {ORDER.map((place) => {
        const e = top.find((x) => x.rank === place);
        return (
          <div key={place} className={`podium__col podium__col--${place} ${e ? '' : 'podium__col--vacant'}`}>
            <div className="podium__who">
              <div className="podium__crown">
                <CrownIcon tone={place} size={place === 1 ? 34 : 28} />
              </div>
              <div className={`podium__ring podium__ring--${place}`}>
                <UserAvatar src={e?.user.avatar} size={place === 1 ? 76 : 62} />
              </div>
              <div className="podium__name">{e ? e.user.nickname : t('rank.vacant')}</div>
              <div className="podium__amount">{e ? <RankValue kind={kind} text={formatCount(Math.floor(e.amount / MONEY_UNIT))} /> : '—'}</div>
            </div>
            <div className={`podium__base podium__base--${place}`}>
              <span>{place}</span>
            </div>
          </div>
        );
      })}
    </div>
  );
}

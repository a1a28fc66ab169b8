import type { Api, RouteData } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { formatCount } from '../../../locale/count';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../../../components/UserAvatar';
import { loginUrl } from '../../../lib/nav';
import { RankValue } from './RankValue';

type Me = RouteData<Api['rankFetch']>['me'];

/** The caller's own place, pinned at the bottom: rank (or "未上榜") and amount; a login prompt when anonymous. */
export function MyRankBar({ me, kind, loggedIn }: { me: Me; kind: 'wealth' | 'charm'; loggedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!loggedIn || !me) {
    return (
      <div className="my-rank my-rank--guest">
        <span>{t('rank.loginToSee')}</span>
        <Button size="small" shape="rounded" className="brand-button" onClick={() => navigate(loginUrl())}>
          {t('common.login')}
        </Button>
      </div>
    );
  }
  return (
    <div className="my-rank" data-testid="my-rank">
      <span className="my-rank__no" data-testid="my-rank-no">
        {me.rank ?? t('rank.unranked')}
      </span>
      <UserAvatar src={me.user.avatar} size={40} />
      <span className="my-rank__who">
        <b>{me.user.nickname}</b>
        <small>{me.rank ? t('rank.myPlace', { n: me.rank }) : t(kind === 'wealth' ? 'rank.hintWealth' : 'rank.hintCharm')}</small>
      </span>
      <RankValue kind={kind} text={formatCount(Math.floor(me.amount / MONEY_UNIT))} />
    </div>
  );
}

import { MONEY_UNIT, VIP_TIERS, vipTierOf, type VipPerk } from '@app/kit';
import { formatCount } from '../../locale/count';
import { Button, ProgressBar } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { UserAvatar } from '../../components/UserAvatar';
import { PATHS } from '../../lib/paths';
import { useVipStatus } from '../../state/queries/live';
import { useUserInfo } from '../../state/queries/user';
import './vip/vip.css';

const coins = (units: number) => formatCount(Math.floor(units / MONEY_UNIT));
const pct = (have: number, from: number, to: number | null) => (to === null ? 100 : Math.max(0, Math.min(100, ((have - from) / Math.max(1, to - from)) * 100)));
const PERK_ICON: Record<VipPerk, string> = { badge: '👑', color: '🎨', entrance: '🚀', gifts: '🎁' };

/** VIP会员 (/pages/user/vip, from the user centre's VIP badge): my tier and level, progress to the next, every tier's perks. */
export default function Vip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useVipStatus();
  const user = useUserInfo().data;
  const s = q.data;
  if (!s) {
    return <PageFrame title={t('vip.title')}>{q.isError ? <LoadError onRetry={() => void q.refetch()} /> : <PageLoading />}</PageFrame>;
  }
  const tier = vipTierOf(s.vip_level);
  const next = VIP_TIERS.find((x) => x.tier === s.vip_level + 1);
  const levelFrom = 10 * (s.level - 1) * (s.level - 1) * MONEY_UNIT;

  return (
    <PageFrame title={t('vip.title')} className="vip-page">
      <section className="vip-hero" style={{ '--vip': tier?.color ?? '#c8b6e2' } as CSSProperties} data-testid="vip-hero">
        <div className="vip-hero__top">
          <UserAvatar src={user?.avatar} size={52} className="vip-hero__avatar" />
          <div>
            <div className="vip-hero__name">{user?.nickname}</div>
            <div className="vip-hero__tier" data-testid="vip-tier">
              {tier ? t('vip.tier', { tier: tier.tier }) : t('vip.none')}
            </div>
          </div>
          <span className="vip-hero__crown" aria-hidden>
            {tier ? `V${tier.tier}` : 'V0'}
          </span>
        </div>
        <div className="vip-hero__line">{t('vip.recharged', { coins: coins(s.recharged) })}</div>
        <ProgressBar percent={pct(s.recharged, tier?.recharge ?? 0, s.next_recharge)} className="vip-hero__bar" />
        <div className="vip-hero__next" data-testid="vip-next">
          {next && s.next_recharge !== null ? t('vip.toNext', { coins: coins(s.next_recharge - s.recharged), tier: next.tier }) : t('vip.top')}
        </div>
        <Button shape="rounded" size="small" className="vip-hero__recharge" onClick={() => navigate(PATHS.recharge)}>
          {t('vip.recharge')}
        </Button>
      </section>

      <section className="card vip-level" data-testid="vip-level">
        <div className="vip-level__head">
          <span>{t('vip.level')}</span>
          <b>Lv.{s.level}</b>
        </div>
        <ProgressBar percent={pct(s.spent, levelFrom, s.next_level_spent)} className="vip-level__bar" />
        <div className="vip-level__sub">
          <span>{t('vip.levelProgress', { coins: coins(s.spent) })}</span>
          <span>
            {s.next_level_spent !== null ? t('vip.levelToNext', { coins: coins(s.next_level_spent - s.spent), level: s.level + 1 }) : t('vip.levelTop')}
          </span>
        </div>
      </section>

      <section className="card vip-tiers">
        <div className="card__title">{t('vip.tiers')}</div>
        <ul>
          {VIP_TIERS.map((x) => (
            <li key={x.tier} className={x.tier <= s.vip_level ? 'vip-tier vip-tier--on' : 'vip-tier'} style={{ '--vip': x.color } as CSSProperties}>
              <span className="vip-tier__chip">VIP{x.tier}</span>
              <div className="vip-tier__body">
                <div className="vip-tier__need">{x.tier <= s.vip_level ? t('vip.reached') : t('vip.need', { coins: coins(x.recharge) })}</div>
                <div className="vip-tier__perks">
                  {x.perks.map((p) => (
                    <span key={p}>
                      {PERK_ICON[p]} {t(`vip.perk.${p}`)}
                    </span>
                  ))}
                </div>
              </div>
            </li>
          ))}
        </ul>
        <p className="vip-tiers__rules">{t('vip.rules')}</p>
      </section>
    </PageFrame>
  );
}

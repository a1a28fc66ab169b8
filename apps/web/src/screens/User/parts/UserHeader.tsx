import type { UserInfo } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { formatCount } from '../../../locale/count';
import { Button } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { UserAvatar } from '../../../components/UserAvatar';
import { loginUrl } from '../../../lib/nav';

/** The gradient head of the user centre: avatar, nickname, id, VIP and level, follows and fans. */
export function UserHeader({ user, guest }: { user: UserInfo | null; guest: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  if (!user || guest) {
    return (
      <section className="user-head" data-testid="user-guest">
        <div className="user-head__row">
          <UserAvatar src={user?.avatar} size={68} className="user-head__avatar" />
          <div className="user-head__who">
            <div className="user-head__name">{user?.nickname || t('user.guestName')}</div>
            <div className="user-head__sub">{t('user.guestPrompt')}</div>
          </div>
        </div>
        <Button shape="rounded" className="user-head__login" onClick={() => navigate(loginUrl(PATHS.user))}>
          {t('user.loginOrRegister')}
        </Button>
      </section>
    );
  }

  return (
    <section className="user-head" data-testid="user-head">
      {/* A div, not a button: the VIP badge inside is a button of its own (the VIP page). */}
      <div
        role="link"
        tabIndex={0}
        className="user-head__row user-head__row--link"
        onClick={() => navigate(PATHS.userInfo)}
        onKeyDown={(e) => e.key === 'Enter' && navigate(PATHS.userInfo)}
      >
        <UserAvatar src={user.avatar} size={68} className="user-head__avatar" />
        <div className="user-head__who">
          <div className="user-head__name">
            <span className="user-head__nick">{user.nickname}</span>
            <button
              type="button"
              className="vip-badge vip-badge--link"
              data-testid="vip-badge"
              onClick={(e) => {
                // The row opens the profile; the badge opens the VIP page.
                e.stopPropagation();
                navigate(PATHS.vip);
              }}
            >
              {t('user.vip', { level: user.vip_level })}
            </button>
            <span className="level-badge">{t('user.level', { level: user.level })}</span>
          </div>
          <div className="user-head__sub">{t('user.id', { id: user.id })}</div>
          <div className="user-head__sign">{user.signature || t('user.noSignature')}</div>
        </div>
        <RightOutline className="user-head__arrow" />
      </div>
      <div className="user-head__stats">
        <button type="button" onClick={() => navigate(PATHS.attention)}>
          <b>{formatCount(user.follow_count)}</b>
          <span>{t('user.follows')}</span>
        </button>
        <button type="button" onClick={() => navigate(PATHS.fans)}>
          <b>{formatCount(user.fans_count)}</b>
          <span>{t('user.fans')}</span>
        </button>
        <button type="button" onClick={() => navigate(PATHS.walletRecord)}>
          <b>{formatCount(Math.floor(user.coin / MONEY_UNIT))}</b>
          <span>{t('user.coins')}</span>
        </button>
      </div>
    </section>
  );
}

import type { VideoCard } from '@app/contract';
import { formatClock } from '@app/kit';
import { formatCount } from '../../../locale/count';
import { EyeOutline, LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { GuardedImage } from '../../../components/GuardedImage';
import { UserAvatar } from '../../../components/UserAvatar';
import { formatCoins } from '../../../lib/money';

/** One video in the two-column grid: cover, duration, views (K/W), a price badge when paid, title, uploader. */
export function VideoCardView({ v, cateId }: { v: VideoCard; cateId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="vcard"
      data-testid="video-card"
      data-video-id={v.id}
      onClick={() => navigate(`${PATHS.video}?id=${v.id}${cateId ? `&c=${cateId}` : ''}`)}
    >
      <span className="vcard__cover">
        {v.cover ? <GuardedImage className="vcard__img" src={v.cover} alt="" loading="lazy" /> : <span className="vcard__img vcard__img--blank" />}
        <span className="vcard__shade" />
        {v.clip && (
          <span className="vcard__clip" data-testid="video-clip-badge">
            ✂ {t('clip.badge')}
          </span>
        )}
        {v.price > 0 && (
          <span className="vcard__price" data-testid="video-price">
            <LockOutline />
            {t('video.priceBadge', { price: formatCoins(v.price) })}
          </span>
        )}
        <span className="vcard__views">
          <EyeOutline />
          {formatCount(v.views)}
        </span>
        <span className="vcard__duration">{formatClock(v.duration)}</span>
      </span>
      <span className="vcard__title">{v.title}</span>
      <span className="vcard__user">
        <UserAvatar src={(v.clip?.anchor ?? v.user).avatar} size={18} />
        <span className="vcard__name">{v.clip ? t('clip.from', { name: v.clip.anchor.nickname }) : v.user.nickname}</span>
      </span>
    </button>
  );
}

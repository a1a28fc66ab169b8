import { Swiper } from 'antd-mobile';
import type { AdLink } from '@app/contract';
import { useNavigate } from 'react-router';
import { GuardedImage } from '../../../components/GuardedImage';
import { call } from '../../../lib/api';

/** Seed §9: the banner advances every 3000 ms. */
const SWIPER_INTERVAL_MS = 3000;

/** Banner ads; a click is counted (home/statistics, source forum) and opens the ad's page or link. */
export function Banner({ ads }: { ads: AdLink[] }) {
  const navigate = useNavigate();
  if (ads.length === 0) return null;
  const open = (ad: AdLink) => {
    void call('statistics', { ad_id: ad.id, source: 'forum' }, { silent: true }).catch(() => undefined);
    if (ad.url.startsWith('/pages/')) navigate(ad.url);
    else if (/^https?:\/\//.test(ad.url)) window.open(ad.url, '_blank', 'noopener');
  };
  return (
    <div className="fbanner" data-testid="forum-banner">
      <Swiper autoplay autoplayInterval={SWIPER_INTERVAL_MS} loop={ads.length > 1} indicatorProps={{ color: 'white' }}>
        {ads.map((ad) => (
          <Swiper.Item key={ad.id}>
            <button type="button" className="fbanner__item" aria-label={ad.title} onClick={() => open(ad)}>
              <GuardedImage src={ad.image} alt={ad.title} className="fbanner__img" />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}

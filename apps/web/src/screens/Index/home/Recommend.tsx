import { NoticeBar, Swiper } from 'antd-mobile';
import { SWIPER_INTERVAL_MS } from '@app/kit';
import { SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS, roomPath } from '../../../lib/paths';
import { GuardedImage } from '../../../components/GuardedImage';
import { useBulletins } from '../../../state/queries/bulletin';
import { useHomeTravel } from '../../../state/queries/video';
import { LiveBars, RoomCard } from '../../../components/RoomCard';
import { prefetchRoom } from '../../../components/prefetchRoom';

/** The bulletin marquee: the newest announcements scroll by; a tap opens the announcements. */
export function BulletinBar() {
  const navigate = useNavigate();
  const q = useBulletins();
  const items = q.data?.pages[0]?.list.slice(0, 5) ?? [];
  // Its room is held while the bulletins load: the tabs and the grid below must not jump down.
  if (q.isPending) return <div className="home-bulletin" aria-hidden />;
  if (items.length === 0) return null;
  return (
    <div className="home-bulletin" data-testid="home-bulletin" onClick={() => navigate(PATHS.notice)}>
      <NoticeBar icon={<SoundOutline />} content={items.map((b) => b.title).join('　　　')} color="alert" speed={40} />
    </div>
  );
}

/**
 * The banner's and the live strip's room while home/travel loads, in their own boxes (the banner's
 * and the cards' aspect ratios, the section's real header): the video grid below does not move
 * when they arrive, as it did by a whole screen's height (a layout shift of 0.45).
 */
function RecommendPending() {
  const { t } = useTranslation();
  return (
    <div className="home-pending" aria-hidden data-testid="home-recommend-pending">
      <div className="home-banner">
        <span className="home-banner__slide home-skel" />
      </div>
      <section className="home-live">
        <div className="home-sec">
          <span className="home-sec__title">{t('video.onAir')}</span>
          <button type="button" className="home-sec__more" tabIndex={-1}>
            {t('video.more')}
          </button>
        </div>
        <div className="home-live__strip">
          {[0, 1, 2].map((i) => (
            <div className="home-live__item" key={i}>
              <span className="room-card__cover home-skel" />
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}

/**
 * What home/travel recommends: a banner swiper (the rooms on air, then the most viewed videos) and a
 * strip of live rooms. Nothing is shown while it is empty, so a fresh install opens on the grid.
 */
export function Recommend() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useHomeTravel();
  if (q.isPending) return <RecommendPending />;
  const rooms = q.data?.rooms ?? [];
  const videos = q.data?.videos ?? [];
  const slides = [
    ...rooms
      .filter((r) => r.live)
      .slice(0, 2)
      .map((r) => ({
        key: `r${r.id}`,
        img: r.cover || r.anchor.avatar,
        title: r.title,
        live: true,
        go: () => {
          prefetchRoom(r);
          navigate(roomPath(r));
        },
      })),
    ...videos.slice(0, 3).map((v) => ({ key: `v${v.id}`, img: v.cover, title: v.title, live: false, go: () => navigate(`${PATHS.video}?id=${v.id}`) })),
  ];
  return (
    <>
      {slides.length > 0 && (
        <div className="home-banner" data-testid="home-banner">
          <Swiper autoplay autoplayInterval={SWIPER_INTERVAL_MS} loop indicatorProps={{ className: 'home-banner__dots' }}>
            {slides.map((s) => (
              <Swiper.Item key={s.key}>
                <button type="button" className="home-banner__slide" onClick={s.go}>
                  {s.img ? <GuardedImage className="home-banner__img" src={s.img} alt="" /> : <span className="home-banner__img home-banner__img--blank" />}
                  <span className="home-banner__shade" />
                  <span className="home-banner__tag">
                    {s.live ? (
                      <>
                        <LiveBars />
                        {t('live.liveBadge')}
                      </>
                    ) : (
                      t('video.hot')
                    )}
                  </span>
                  <span className="home-banner__title">{s.title}</span>
                </button>
              </Swiper.Item>
            ))}
          </Swiper>
        </div>
      )}
      {rooms.length > 0 && (
        <section className="home-live" data-testid="home-live">
          <div className="home-sec">
            <span className="home-sec__title">{t('video.onAir')}</span>
            <button type="button" className="home-sec__more" onClick={() => navigate(PATHS.live)}>
              {t('video.more')}
            </button>
          </div>
          <div className="home-live__strip">
            {rooms.map((r) => (
              <div className="home-live__item" key={r.id}>
                <RoomCard room={r} />
              </div>
            ))}
          </div>
        </section>
      )}
    </>
  );
}

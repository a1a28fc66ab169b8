import { useEffect, useRef, useState } from 'react';
import type { VideoCard } from '@app/contract';
import { formatClock } from '@app/kit';
import { PlayOutline, SoundMuteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { GuardedImage } from '../../../components/GuardedImage';
import { useVideoInfo } from '../../../state/queries/video';
import { formatCoins } from '../../../lib/money';
import { BuyGate } from './BuyGate';
import { ClipLink } from './ClipLink';
import { SideRail } from './SideRail';
import { useHlsPlayer } from './useHlsPlayer';

interface Props {
  id: number;
  /** The card from the list, shown until the video's own details arrive. */
  card: VideoCard | undefined;
  active: boolean;
  muted: boolean;
  onUnmute: () => void;
}

/**
 * One full-screen video: only the active slide loads its details (a view) and plays; autoplay is
 * muted until the first tap. A paid video stops at the preview limit (the server's preview
 * playlist ends there too) and offers to buy; once bought the full playlist loads and playing goes
 * on from where the preview stopped.
 */
export function VideoSlide({ id, card, active, muted, onUnmute }: Props) {
  const { t } = useTranslation();
  const info = useVideoInfo(active ? id : 0);
  const v = info.data;
  const ref = useRef<HTMLVideoElement>(null);
  const resumeAt = useRef(0);
  const [gate, setGate] = useState(false);
  const [paused, setPaused] = useState(false);
  const [failed, setFailed] = useState(false);
  const [time, setTime] = useState(0);
  const full = v?.full ?? false;
  const shown = v ?? card;

  useHlsPlayer(ref, active && v ? v.play_url : null, full ? 'full' : 'preview', () => setFailed(true));

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (active && !gate) void el.play().catch(() => setPaused(true));
    else el.pause();
  }, [active, gate, v?.play_url, full]);

  const onTime = () => {
    const el = ref.current;
    if (!el || !v) return;
    setTime(el.currentTime);
    if (!v.full && el.currentTime >= v.preview_s) {
      el.pause();
      setGate(true);
    }
  };

  const onTap = () => {
    const el = ref.current;
    if (!el || gate) return;
    if (muted) {
      onUnmute();
      void el.play().catch(() => undefined);
      return;
    }
    if (el.paused) void el.play().catch(() => undefined);
    else el.pause();
  };

  const duration = shown?.duration ?? 0;
  return (
    <section
      className={`vd-slide ${shown && shown.height > shown.width ? 'vd-slide--portrait' : ''}`}
      data-testid="video-slide"
      data-video-id={id}
      data-active={active}
      onClick={onTap}
    >
      {shown?.cover && <GuardedImage className="vd-slide__poster" src={shown.cover} alt="" />}
      <video
        ref={ref}
        className="vd-slide__video"
        data-testid="video-el"
        data-active={active}
        playsInline
        muted={muted}
        loop={full}
        preload="auto"
        onTimeUpdate={onTime}
        onPlay={() => setPaused(false)}
        onPause={() => setPaused(true)}
        onEnded={() => !full && setGate(true)}
        onLoadedMetadata={(e) => {
          if (resumeAt.current > 0) {
            e.currentTarget.currentTime = resumeAt.current;
            resumeAt.current = 0;
          }
          if (active && !gate) void e.currentTarget.play().catch(() => undefined);
        }}
      />
      <div className="vd-slide__shade" />
      {active && muted && !gate && v && !info.isError && !failed && (
        <div className="vd-unmute">
          <SoundMuteOutline /> {t('video.tapUnmute')}
        </div>
      )}
      {active && paused && !muted && !gate && (
        <span className="vd-slide__paused" aria-label={t('video.play')}>
          <PlayOutline />
        </span>
      )}
      {failed && <div className="vd-unmute vd-unmute--error">{t('video.playFailed')}</div>}
      {active && info.isError && (
        <div className="vd-gone" data-testid="video-gone">
          {t('video.gone')}
        </div>
      )}

      {shown && (
        <div className="vd-meta">
          {shown.clip && <ClipLink clip={shown.clip} />}
          <div className="vd-meta__name">@{shown.user.nickname}</div>
          <div className="vd-meta__title">{shown.title}</div>
          <div className="vd-meta__chips">
            {shown.price > 0 && (
              <span className="vd-chip vd-chip--paid">
                {v?.bought || v?.is_owner ? t('video.boughtChip') : t('video.paidChip', { price: formatCoins(shown.price) })}
              </span>
            )}
            {v && !v.full && <span className="vd-chip">{t('video.previewChip', { s: v.preview_s })}</span>}
            <span className="vd-chip">{formatClock(duration)}</span>
          </div>
        </div>
      )}
      {v && <SideRail v={v} />}
      {active && duration > 0 && (
        <div className="vd-progress">
          <i style={{ width: `${Math.min(100, (time / duration) * 100)}%` }} />
        </div>
      )}
      {active && v && gate && !v.full && (
        <BuyGate
          v={v}
          onBought={() => {
            resumeAt.current = ref.current?.currentTime ?? v.preview_s;
            setGate(false);
          }}
          onReplay={() => {
            setGate(false);
            if (ref.current) ref.current.currentTime = 0;
          }}
        />
      )}
    </section>
  );
}

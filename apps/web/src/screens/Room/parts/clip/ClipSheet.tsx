import { CLIP_TITLE_MAX, type Clip } from '@app/contract';
import { formatClock } from '@app/kit';
import { Button, Input, Popup, ProgressBar, Switch } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GuardedImage } from '../../../../components/GuardedImage';
import { copyText } from '../../../../lib/copyText';
import { PATHS } from '../../../../lib/paths';
import { showToast } from '../../../../lib/toast';
import { useCreateClip } from '../../../../state/queries/clip';
import { newRequestId } from '../../../../state/queries/finance';
import { useRoom } from '../RoomContext';
import './clip.css';

/** The lengths offered, seconds (the server takes 5–60). */
const LENGTHS = [15, 30, 60] as const;
/** How long the progress bar takes to near its end while the server cuts (a copy: about a second). */
const PROGRESS_MS = 2500;

/**
 * ✂ 剪辑: the last 15, 30 or 60 s of the live with a title; progress while the server cuts, then the
 * clip with 查看 (the video player) and 分享. The anchor also finds here the switch that lets
 * viewers clip (on by default); while it is off, viewers see why they cannot.
 */
export function ClipSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { room, state, me, act } = useRoom();
  const allowed = (state.settings ?? room.settings).allow_clips;
  const [seconds, setSeconds] = useState<number>(30);
  const [title, setTitle] = useState('');
  const [made, setMade] = useState<Clip | null>(null);
  const [progress, setProgress] = useState(0);
  const key = useRef(newRequestId());
  const create = useCreateClip();

  useEffect(() => {
    if (!create.isPending) return;
    const started = Date.now();
    const timer = setInterval(() => setProgress(Math.min(92, 8 + ((Date.now() - started) / PROGRESS_MS) * 84)), 100);
    return () => clearInterval(timer);
  }, [create.isPending]);

  const close = () => {
    setMade(null);
    setProgress(0);
    onClose();
  };

  const go = () => {
    setProgress(8);
    create.mutate(
      { draft: { room_id: room.id, seconds, ...(title.trim() ? { title: title.trim() } : {}) }, requestId: key.current },
      {
        onSuccess: (c) => {
          setProgress(100);
          setMade(c);
          setTitle('');
          key.current = newRequestId();
        },
      },
    );
  };

  const share = async (c: Clip) => {
    const url = `${location.origin}${location.pathname}#${PATHS.video}?id=${c.video_id}`;
    try {
      if (typeof navigator.share === 'function') return void (await navigator.share({ title: c.title, url }));
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
    }
    showToast((await copyText(url)) ? t('clip.linkCopied') : url);
  };

  return (
    <Popup visible={open} onMaskClick={close} onClose={close} bodyClassName="room-sheet clip-sheet" destroyOnClose>
      <div className="clip-sheet__head">
        <span className="clip-sheet__glyph">✂</span>
        <div>
          <div className="clip-sheet__title">{t('clip.title')}</div>
          <div className="clip-sheet__hint">{t('clip.hint', { name: room.anchor.nickname })}</div>
        </div>
      </div>
      {me.owner && (
        <label className="clip-sheet__switch" data-testid="clip-allow">
          <span>
            <b>{t('clip.allow')}</b>
            <small>{t('clip.allowHint')}</small>
          </span>
          <Switch checked={allowed} onChange={(on) => void act('settings', { settings: { allow_clips: on } })} aria-label={t('clip.allow')} />
        </label>
      )}
      {made ? (
        <div className="clip-done" data-testid="clip-done" data-video-id={made.video_id}>
          <div className="clip-done__poster">
            <GuardedImage src={made.poster} alt="" />
            <span className="clip-done__badge">✂ {t('clip.badge')}</span>
            <span className="clip-done__time">{formatClock(made.duration)}</span>
          </div>
          <div className="clip-done__text">
            <b>{t('clip.done')}</b>
            <span>{made.title}</span>
          </div>
          <div className="clip-done__actions">
            <Button shape="rounded" className="clip-done__view" data-testid="clip-view" onClick={() => navigate(`${PATHS.video}?id=${made.video_id}`)}>
              {t('clip.view')}
            </Button>
            <Button shape="rounded" className="clip-done__share" data-testid="clip-share" onClick={() => void share(made)}>
              {t('clip.share')}
            </Button>
          </div>
          <button type="button" className="clip-done__again" onClick={() => setMade(null)}>
            {t('clip.again')}
          </button>
        </div>
      ) : !allowed && !me.owner ? (
        <div className="clip-off" data-testid="clip-off">
          <span className="clip-off__icon">✂</span>
          <b>{t('clip.offTitle')}</b>
          <span>{t('clip.off')}</span>
        </div>
      ) : (
        <>
          <div className="room-sheet__sub">{t('clip.length')}</div>
          <div className="clip-lengths" role="radiogroup">
            {LENGTHS.map((s) => (
              <button
                key={s}
                type="button"
                role="radio"
                aria-checked={seconds === s}
                data-testid={`clip-len-${s}`}
                className={`clip-length ${seconds === s ? 'clip-length--on' : ''}`}
                onClick={() => setSeconds(s)}
              >
                <b>{s}</b>
                <small>{t('clip.seconds')}</small>
              </button>
            ))}
          </div>
          <div className="room-sheet__sub">{t('clip.titleLabel')}</div>
          <Input
            className="clip-title"
            value={title}
            onChange={setTitle}
            maxLength={CLIP_TITLE_MAX}
            placeholder={room.title}
            data-testid="clip-title"
            aria-label={t('clip.titleLabel')}
          />
          {create.isPending && (
            <div className="clip-progress" data-testid="clip-progress">
              <ProgressBar percent={progress} style={{ '--fill-color': '#ff4f8b', '--track-width': '6px' }} />
              <span>{t('clip.making')}</span>
            </div>
          )}
          <Button block shape="rounded" className="clip-go" data-testid="clip-go" disabled={create.isPending} onClick={go}>
            {create.isPending ? t('clip.makingShort') : t('clip.go', { s: seconds })}
          </Button>
          <div className="clip-rules">{t('clip.rules')}</div>
        </>
      )}
    </Popup>
  );
}

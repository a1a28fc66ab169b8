import { CLIP_TITLE_MAX, type Clip } from '@app/contract';
import { formatClock } from '@app/kit';
import { Button, Input, Popup, ProgressBar } from 'antd-mobile';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/apiError';
import { copyText } from '../../lib/copyText';
import { PATHS } from '../../lib/paths';
import { showToast } from '../../lib/toast';
import { useCreateClip, type ClipTarget } from '../../state/queries/clip';
import { newRequestId } from '../../state/queries/finance';
import { GuardedImage } from '../GuardedImage';
import './clip.css';

/** The lengths offered, seconds (the server takes 5–60). */
const LENGTHS = [15, 30, 60] as const;
/** How long the progress bar takes to near its end while the server cuts (a copy: about a second). */
const PROGRESS_MS = 2500;

export interface ClipSheetProps {
  open: boolean;
  onClose: () => void;
  title: string;
  hint: string;
  /** The title's placeholder: what the server names the clip when none is given. */
  defaultTitle: string;
  seconds: number;
  onSeconds: (s: number) => void;
  /** The button's words for the stretch chosen. */
  goLabel: string;
  target: ClipTarget;
  /** Why it cannot be clipped now: said instead of the form. */
  blocked: { title: string; text: string } | null;
  /** Above the form: the anchor's switch in the room. */
  top?: ReactNode;
  /** Under the lengths: the replay's window. */
  picker?: ReactNode;
  /** A refusal's code, for the caller to refresh what it knows (clips turned off meanwhile). */
  onRefused?: (code: number) => void;
}

/**
 * ✂ 剪辑, the one sheet of the live room and the replay: a length of 15, 30 or 60 s (and the
 * replay's window), a title, progress while the server cuts, then the clip with 查看 (the video
 * player) and 分享. A refusal is said in the sheet, in the reader's language.
 */
export function ClipSheet(p: ClipSheetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
    create.reset();
    p.onClose();
  };

  const go = () => {
    setProgress(8);
    create.mutate(
      { draft: { ...p.target, seconds: p.seconds, ...(title.trim() ? { title: title.trim() } : {}) }, requestId: key.current },
      {
        onSuccess: (c) => {
          setProgress(100);
          setMade(c);
          setTitle('');
          key.current = newRequestId();
        },
        onError: (e) => {
          if (isApiError(e)) p.onRefused?.(e.code);
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

  const error = create.error ? (isApiError(create.error) ? create.error.msg : t('clip.failed')) : null;

  return (
    <Popup visible={p.open} onMaskClick={close} onClose={close} bodyClassName="clip-sheet" destroyOnClose>
      <div className="clip-sheet__head">
        <span className="clip-sheet__glyph">✂</span>
        <div>
          <div className="clip-sheet__title">{p.title}</div>
          <div className="clip-sheet__hint">{p.hint}</div>
        </div>
      </div>
      {p.top}
      {made ? (
        <div className="clip-done" data-testid="clip-done" data-video-id={made.video_id} data-start={made.start_s}>
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
          <button type="button" className="clip-done__again" data-testid="clip-again" onClick={() => setMade(null)}>
            {t('clip.again')}
          </button>
        </div>
      ) : p.blocked ? (
        <div className="clip-off" data-testid="clip-off">
          <span className="clip-off__icon">✂</span>
          <b>{p.blocked.title}</b>
          <span>{p.blocked.text}</span>
        </div>
      ) : (
        <>
          <div className="clip-sheet__sub">{t('clip.length')}</div>
          <div className="clip-lengths" role="radiogroup">
            {LENGTHS.map((s) => (
              <button
                key={s}
                type="button"
                role="radio"
                aria-checked={p.seconds === s}
                data-testid={`clip-len-${s}`}
                className={`clip-length ${p.seconds === s ? 'clip-length--on' : ''}`}
                onClick={() => p.onSeconds(s)}
              >
                <b>{s}</b>
                <small>{t('clip.seconds')}</small>
              </button>
            ))}
          </div>
          {p.picker}
          <div className="clip-sheet__sub">{t('clip.titleLabel')}</div>
          <Input
            className="clip-title"
            value={title}
            onChange={setTitle}
            maxLength={CLIP_TITLE_MAX}
            placeholder={p.defaultTitle}
            data-testid="clip-title"
            aria-label={t('clip.titleLabel')}
          />
          {create.isPending && (
            <div className="clip-progress" data-testid="clip-progress">
              <ProgressBar percent={progress} style={{ '--fill-color': '#ff4f8b', '--track-width': '6px' }} />
              <span>{t('clip.making')}</span>
            </div>
          )}
          {error && !create.isPending && (
            <div className="clip-error" role="alert" data-testid="clip-error">
              {error}
            </div>
          )}
          <Button block shape="rounded" className="clip-go" data-testid="clip-go" disabled={create.isPending} onClick={go}>
            {create.isPending ? t('clip.makingShort') : p.goLabel}
          </Button>
          <div className="clip-rules">{t('clip.rules')}</div>
        </>
      )}
    </Popup>
  );
}

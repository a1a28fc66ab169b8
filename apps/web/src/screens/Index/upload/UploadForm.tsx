import { useEffect, useRef, useState } from 'react';
import { Button, Input, ProgressBar, Selector, Slider, Stepper, Switch } from 'antd-mobile';
import { UploadOutline, VideoOutline } from 'antd-mobile-icons';
import { VIDEO_MAX_DURATION_S, VIDEO_PRICE_MAX_COINS, VIDEO_TITLE_MAX, type VideoResource } from '@app/contract';
import { formatClock } from '@app/kit';
import { useTranslation } from 'react-i18next';
import { GuardedImage } from '../../../components/GuardedImage';
import { showToast } from '../../../lib/toast';
import { uploadFile } from '../../../lib/upload';
import { usePublishVideo, useVideoCates } from '../../../state/queries/video';
import { captureFrame, readDuration, useVideoUpload } from './useVideoUpload';
import { useLocalName } from '../../../locale/serverText';

/**
 * Pick a video (at most 60 s: checked here, and again by the server), upload it in chunks with a
 * progress bar while the form is filled in, choose a cover frame, title, category and price, publish.
 */
export function UploadForm({ onPublished, resume }: { onPublished: () => void; resume?: VideoResource | null }) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const cates = useVideoCates();
  const publish = usePublishVideo();
  const { state, start, reset, adopt } = useVideoUpload();
  const [local, setLocal] = useState<{ url: string; duration: number; name: string } | null>(null);
  const [pickError, setPickError] = useState('');
  const [title, setTitle] = useState('');
  const [cate, setCate] = useState<number | null>(null);
  const [paid, setPaid] = useState(false);
  const [price, setPrice] = useState(5);
  const [coverAt, setCoverAt] = useState(0);
  const preview = useRef<HTMLVideoElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  useEffect(() => () => void (local && URL.revokeObjectURL(local.url)), [local]);
  useEffect(() => {
    if (resume) adopt(resume);
  }, [resume, adopt]);
  useEffect(() => {
    if (cate === null && cates.data?.[0]) setCate(cates.data[0].id);
  }, [cates.data, cate]);

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    setPickError('');
    reset();
    const url = URL.createObjectURL(file);
    const duration = await readDuration(url);
    if (Number.isFinite(duration) && duration > VIDEO_MAX_DURATION_S + 0.5) {
      URL.revokeObjectURL(url);
      setLocal(null);
      setPickError(t('video.tooLong', { max: VIDEO_MAX_DURATION_S, s: Math.round(duration) }));
      return;
    }
    setLocal({ url, duration: Number.isFinite(duration) ? duration : 0, name: file.name });
    setCoverAt(0);
    if (!title) setTitle(file.name.replace(/\.[^.]+$/, '').slice(0, VIDEO_TITLE_MAX));
    start(file);
  };

  const onPublish = async () => {
    if (state.phase !== 'sent' || cate === null) return;
    let cover: string | undefined;
    if (coverAt > 0 && preview.current) {
      const blob = await captureFrame(preview.current).catch(() => null);
      if (blob) cover = (await uploadFile(blob, { purpose: 'cover', silent: true }).catch(() => null))?.url;
    }
    publish.mutate(
      { resource_id: state.resource.id, title: title.trim(), cate_id: cate, price_coins: paid ? price : 0, ...(cover ? { cover } : {}) },
      {
        onSuccess: () => {
          showToast(t('video.published'), 'success');
          reset();
          setLocal(null);
          setTitle('');
          onPublished();
        },
      },
    );
  };

  const ready = state.phase === 'sent' && title.trim().length > 0 && cate !== null;
  return (
    <div className="vu-form">
      <input ref={picker} type="file" accept="video/*" hidden data-testid="video-file" onChange={(e) => void onPick(e.target.files?.[0])} />
      {!local && state.phase === 'sent' && state.resource.poster ? (
        <div className="vu-preview" data-testid="resume-preview">
          <GuardedImage className="vu-preview__video" src={state.resource.poster} alt="" />
          <span className="vu-preview__len">{formatClock(state.resource.duration)}</span>
        </div>
      ) : local ? (
        <div className="vu-preview">
          <video ref={preview} className="vu-preview__video" src={local.url} muted playsInline preload="auto" />
          <button type="button" className="vu-preview__change" onClick={() => picker.current?.click()}>
            {t('video.change')}
          </button>
          <span className="vu-preview__len">{formatClock(local.duration)}</span>
        </div>
      ) : (
        <button type="button" className="vu-pick" data-testid="video-pick" onClick={() => picker.current?.click()}>
          <span className="vu-pick__icon">
            <UploadOutline />
          </span>
          <span className="vu-pick__title">{t('video.pick')}</span>
          <span className="vu-pick__hint">{t('video.pickHint', { max: VIDEO_MAX_DURATION_S })}</span>
        </button>
      )}
      {pickError && (
        <div className="vu-error" data-testid="upload-error">
          {pickError}
        </div>
      )}

      {state.phase !== 'idle' && (
        <div className="vu-status" data-testid="upload-status" data-phase={state.phase}>
          <VideoOutline />
          <div className="vu-status__main">
            <div className="vu-status__text">
              {state.phase === 'sending' && t('video.uploading', { p: Math.round(state.progress * 100) })}
              {state.phase === 'sent' && (state.resource.status === 'ready' ? t('video.readyToPublish') : t('video.uploaded'))}
              {state.phase === 'failed' && t('video.uploadFailed', { reason: state.message })}
            </div>
            <ProgressBar
              percent={state.phase === 'sending' ? state.progress * 100 : state.phase === 'sent' ? 100 : 0}
              style={{ '--fill-color': state.phase === 'failed' ? 'var(--adm-color-danger)' : 'var(--brand-pink)', '--track-width': '6px' }}
            />
          </div>
        </div>
      )}

      {local && local.duration > 0 && (
        <div className="vu-field">
          <div className="vu-label">{t('video.coverFrame')}</div>
          <Slider
            min={0}
            max={Math.max(0.1, local.duration - 0.1)}
            step={0.1}
            value={coverAt}
            onChange={(v) => {
              const at = Array.isArray(v) ? v[0]! : v;
              setCoverAt(at);
              if (preview.current) preview.current.currentTime = at;
            }}
          />
          <div className="vu-hint">{coverAt > 0 ? t('video.coverAt', { at: formatClock(coverAt) }) : t('video.coverAuto')}</div>
        </div>
      )}

      <div className="vu-field">
        <div className="vu-label">{t('video.title')}</div>
        <Input
          className="vu-input"
          data-testid="video-title"
          value={title}
          maxLength={VIDEO_TITLE_MAX}
          clearable
          placeholder={t('video.titlePlaceholder')}
          onChange={setTitle}
        />
      </div>
      <div className="vu-field">
        <div className="vu-label">{t('video.category')}</div>
        <Selector
          className="vu-cates"
          columns={3}
          showCheckMark={false}
          options={(cates.data ?? []).map((c) => ({ label: localName(c), value: c.id }))}
          value={cate === null ? [] : [cate]}
          onChange={(v) => v[0] !== undefined && setCate(v[0])}
        />
      </div>
      <div className="vu-field vu-field--row">
        <div>
          <div className="vu-label">{t('video.paid')}</div>
          <div className="vu-hint">{t('video.paidHint')}</div>
        </div>
        <Switch checked={paid} onChange={setPaid} data-testid="video-paid" />
      </div>
      {paid && (
        <div className="vu-field vu-field--row">
          <div className="vu-label">{t('video.price')}</div>
          <Stepper min={1} max={VIDEO_PRICE_MAX_COINS} digits={0} value={price} onChange={(v) => setPrice(v || 1)} data-testid="video-price-input" />
        </div>
      )}
      <Button block shape="rounded" color="primary" className="vu-submit" disabled={!ready} loading={publish.isPending} onClick={() => void onPublish()}>
        {state.phase === 'sending' ? t('video.waitUpload') : t('video.publish')}
      </Button>
    </div>
  );
}

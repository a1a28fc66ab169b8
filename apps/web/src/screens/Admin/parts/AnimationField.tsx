import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadGiftAnimation } from '../../../lib/upload';

type Player = { destroy(): void; addEventListener(name: string, cb: () => void): void; currentFrame: number };

/** Plays a Lottie animation from an address in a loop (lottie-web's light build, loaded here only). */
function Preview({ url }: { url: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setFailed(false);
    if (!url) return;
    let player: Player | null = null;
    let alive = true;
    void Promise.all([
      import('lottie-web/build/player/lottie_light').then((m) => m.default),
      fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status))))),
    ])
      .then(([lottie, data]) => {
        const el = box.current;
        if (!alive || !el) return;
        const p = lottie.loadAnimation({ container: el, renderer: 'svg', loop: true, autoplay: true, animationData: data as unknown }) as unknown as Player;
        // The frame shown, so a check can tell the preview plays.
        p.addEventListener('enterFrame', () => el.setAttribute('data-frame', String(Math.floor(p.currentFrame))));
        player = p;
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      player?.destroy();
    };
  }, [url]);
  if (!url) return <span className="adm-anim adm-anim--empty">{t('admin.catalog.noAnimation')}</span>;
  return failed ? (
    <span className="adm-anim adm-anim--empty">{t('admin.catalog.animationBroken')}</span>
  ) : (
    <div ref={box} className="adm-anim" data-testid="animation-preview" />
  );
}

/**
 * A gift's full-screen animation in the console: an address typed, or a Lottie JSON uploaded from
 * the operator's computer (checked by the server, ≤ 100 KB), with a looping preview.
 */
export function AnimationField({ name, value, onChange }: { name: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      onChange((await uploadGiftAnimation(file, { onProgress: setProgress })).url);
    } catch {
      /* the API client showed why (not a Lottie file, too large…) */
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="adm-image-field">
      <input name={name} type="text" value={value} onChange={(e) => onChange(e.target.value)} />
      <div className="adm-image-field__row">
        <Preview url={value.trim()} />
        <label className={`adm-upload${progress !== null ? ' adm-upload--busy' : ''}`}>
          <input
            type="file"
            accept="application/json,.json"
            disabled={progress !== null}
            data-testid={`upload-${name}`}
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {progress !== null ? t('admin.image.uploading', { pct: Math.round(progress * 100) }) : t('admin.catalog.uploadAnimation')}
        </label>
      </div>
    </div>
  );
}

import { CameraOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedImage } from '../../../components/GuardedImage';
import { uploadFile } from '../../../lib/upload';

/** The room cover: tap to pick an image, uploaded at once (resource/upload/file, purpose cover). */
export function CoverPicker({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const up = await uploadFile(file, { purpose: 'cover', onProgress: (f) => setProgress(Math.round(f * 100)) });
      onChange(up.url);
    } catch {
      setPreview(null); // the client toasted; the previous cover stays
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const shown = preview ?? (value || null);
  return (
    <button type="button" className="cover-picker" data-testid="cover-picker" onClick={() => input.current?.click()} disabled={progress !== null}>
      {shown ? (
        preview ? (
          <img className="cover-picker__img" src={preview} alt="" />
        ) : (
          <GuardedImage className="cover-picker__img" src={value} alt="" />
        )
      ) : (
        <span className="cover-picker__empty">
          <CameraOutline />
        </span>
      )}
      <span className="cover-picker__label">{progress !== null ? `${progress}%` : shown ? t('create.coverChange') : t('create.coverAdd')}</span>
      <input ref={input} type="file" name="cover" accept="image/png,image/jpeg,image/webp" hidden onChange={(e) => void pick(e.target.files?.[0])} />
    </button>
  );
}

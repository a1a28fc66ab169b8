import { FORUM_LIMITS } from '@app/contract';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedImage } from '../../../components/GuardedImage';
import { uploadFile } from '../../../lib/upload';

interface Uploading {
  key: string;
  preview: string;
  progress: number;
}

/** Up to 9 images uploaded one by one to resource/upload/file, with progress; `value` holds the uploaded URLs. */
export function ImagePicker({ value, onChange }: { value: string[]; onChange: (urls: string[]) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<Uploading[]>([]);
  const room = FORUM_LIMITS.IMAGES_MAX - value.length - busy.length;

  const pick = async (files: FileList | null) => {
    if (!files) return;
    const chosen = [...files].slice(0, Math.max(0, room));
    const items = chosen.map((f, i) => ({ file: f, key: `${Date.now()}-${i}`, preview: URL.createObjectURL(f) }));
    setBusy((b) => [...b, ...items.map((x) => ({ key: x.key, preview: x.preview, progress: 0 }))]);
    let urls = value;
    for (const it of items) {
      try {
        const up = await uploadFile(it.file, {
          purpose: 'image',
          onProgress: (p) => setBusy((b) => b.map((x) => (x.key === it.key ? { ...x, progress: p } : x))),
        });
        urls = [...urls, up.url];
        onChange(urls);
      } catch {
        // The upload client already toasted the failure.
      } finally {
        setBusy((b) => b.filter((x) => x.key !== it.key));
        URL.revokeObjectURL(it.preview);
      }
    }
  };

  return (
    <div className="fpicker" data-testid="image-picker">
      {value.map((url, i) => (
        <div key={`${url}-${i}`} className="fpicker__cell" data-testid="picked-image">
          <GuardedImage src={url} className="fpicker__img" />
          <button type="button" className="fpicker__remove" aria-label={t('forum.removeImage')} onClick={() => onChange(value.filter((_, j) => j !== i))}>
            <CloseOutline />
          </button>
        </div>
      ))}
      {busy.map((b) => (
        <div key={b.key} className="fpicker__cell fpicker__cell--busy">
          <img src={b.preview} alt="" className="fpicker__img" />
          <span className="fpicker__progress">{Math.round(b.progress * 100)}%</span>
        </div>
      ))}
      {room > 0 && (
        <button type="button" className="fpicker__add" onClick={() => input.current?.click()}>
          <AddOutline />
          <span>
            {value.length + busy.length}/{FORUM_LIMITS.IMAGES_MAX}
          </span>
        </button>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="image-input"
        onChange={(e) => {
          void pick(e.target.files);
          e.target.value = '';
        }}
      />
    </div>
  );
}

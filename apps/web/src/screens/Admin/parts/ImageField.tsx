import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedImage } from '../../../components/GuardedImage';
import { uploadFile } from '../../../lib/upload';

/**
 * An image address for the console: typed (a site path or an https address) or uploaded from the
 * operator's computer through resource/upload/file, with a preview. Uploads are guarded images
 * (seed §7); the app decodes them wherever it shows them.
 */
export function ImageField({ name, value, onChange }: { name: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      onChange((await uploadFile(file, { purpose: 'image', onProgress: setProgress })).url);
    } catch {
      /* the API client showed why (a file that is not an image, too large…) */
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="adm-image-field">
      <input name={name} type="text" value={value} onChange={(e) => onChange(e.target.value)} />
      <div className="adm-image-field__row">
        {value.trim() ? <GuardedImage src={value.trim()} className="adm-thumb" alt="" /> : <span className="adm-thumb" aria-hidden />}
        <label className={`adm-upload${progress !== null ? ' adm-upload--busy' : ''}`}>
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            disabled={progress !== null}
            data-testid={`upload-${name}`}
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {progress !== null ? t('admin.image.uploading', { pct: Math.round(progress * 100) }) : t('admin.image.upload')}
        </label>
      </div>
    </div>
  );
}

import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar';
import { showToast } from '../../../lib/toast';
import { uploadFile } from '../../../lib/upload';

/** Tap the avatar to pick an image; it uploads (resource/upload/file) with a progress mask and reports the URL. */
export function AvatarPicker({ src, onUploaded }: { src: string; onUploaded: (url: string) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const local = URL.createObjectURL(file);
    setPreview(local);
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, { purpose: 'avatar', onProgress: (f) => setProgress(Math.round(f * 100)) });
      onUploaded(uploaded.url);
      showToast(t('modify.uploaded'), 'success');
    } catch {
      setPreview(null); // toasted by the client; the old avatar comes back
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <button type="button" className="modify-avatar" data-testid="avatar-picker" onClick={() => input.current?.click()} disabled={progress !== null}>
      <span className="modify-avatar__wrap">
        {preview ? (
          <img className="user-avatar" src={preview} alt="" width={88} height={88} style={{ width: 88, height: 88 }} />
        ) : (
          <UserAvatar src={src} size={88} />
        )}
        {progress !== null && <span className="modify-avatar__mask">{t('modify.uploading', { percent: progress })}</span>}
      </span>
      <span className="modify-avatar__hint">{t('modify.changeAvatar')}</span>
      <input ref={input} type="file" name="avatar" accept="image/png,image/jpeg,image/webp,image/gif" hidden onChange={(e) => void pick(e.target.files?.[0])} />
    </button>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../../lib/api';

export interface CaptchaState {
  uniqueCode: string;
  image: string;
  loading: boolean;
  failed: boolean;
  refresh: () => Promise<void>;
}

/** An image captcha: a fresh unique_code (common/message/unique_code) and its picture (common/captcha_img). */
export function useCaptcha(): CaptchaState {
  const [uniqueCode, setUniqueCode] = useState('');
  const [image, setImage] = useState('');
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const seq = useRef(0);

  const refresh = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    setFailed(false);
    try {
      const { unique_code } = await call('uniqueCode', undefined, { silent: true });
      const { image: img } = await call('captchaImg', { unique_code }, { silent: true });
      if (mine !== seq.current) return; // a newer refresh won
      setUniqueCode(unique_code);
      setImage(img);
    } catch {
      if (mine === seq.current) setFailed(true);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { uniqueCode, image, loading, failed, refresh };
}

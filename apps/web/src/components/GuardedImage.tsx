import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { peekGuarded, resolveGuarded } from '../lib/guardedImage';

/** A protected image URL as a showable src: undefined while decoding, then a blob URL or the original. */
export function useGuardedSrc(url: string | null | undefined): string | undefined {
  const [src, setSrc] = useState<string | undefined>(() => (url ? peekGuarded(url) : undefined));
  useEffect(() => {
    if (!url) {
      setSrc(undefined);
      return;
    }
    const known = peekGuarded(url);
    if (known) {
      setSrc(known);
      return;
    }
    let alive = true;
    setSrc(undefined);
    void resolveGuarded(url).then((s) => {
      if (alive) setSrc(s);
    });
    return () => {
      alive = false;
    };
  }, [url]);
  return src;
}

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null | undefined; fallback?: string };

/** <img> for uploaded (guarded) images; shows `fallback` until decoded and when there is no url. */
export function GuardedImage({ src, fallback, alt = '', ...rest }: Props) {
  const shown = useGuardedSrc(src);
  const final = shown ?? fallback;
  return final ? <img src={final} alt={alt} {...rest} /> : <span className={rest.className} aria-hidden />;
}

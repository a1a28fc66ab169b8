import { useGuardedSrc } from './GuardedImage';

const DEFAULT_AVATAR =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffd1e3"/><stop offset="1" stop-color="#d9ccff"/></linearGradient></defs><rect width="64" height="64" fill="url(#a)"/><circle cx="32" cy="25" r="11" fill="#fff"/><path d="M12 58c2-12 10-18 20-18s18 6 20 18" fill="#fff"/></svg>',
  );

/** A round avatar from a (guarded) upload URL, with a soft default picture. */
export function UserAvatar({ src, size = 48, className = '' }: { src?: string | null; size?: number; className?: string }) {
  const shown = useGuardedSrc(src || null);
  return (
    <img
      className={`user-avatar ${className}`}
      src={shown || DEFAULT_AVATAR}
      alt=""
      width={size}
      height={size}
      style={{ width: size, height: size }}
      onError={(e) => {
        e.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}

import { useGiftAsset } from './useGiftAssets';

/** A gift's icon from the gift cache (falls back to its URL). */
export function GiftIcon({ url, size, className = '' }: { url: string; size: number; className?: string }) {
  const src = useGiftAsset(url);
  return <img className={`gift-icon ${className}`} src={src} alt="" width={size} height={size} draggable={false} />;
}

import { ImageViewer } from 'antd-mobile';
import { GuardedImage, useGuardedSrc } from '../../../components/GuardedImage';

/** Up to 9 thumbnails: one large, or a 2-column (2 and 4) or 3-column grid. */
export function ImageGrid({ images, onOpen, compact = false }: { images: string[]; onOpen?: (index: number) => void; compact?: boolean }) {
  if (images.length === 0) return null;
  const shown = images.slice(0, 9);
  const cols = shown.length === 1 ? 1 : shown.length === 2 || shown.length === 4 ? 2 : 3;
  return (
    <div className={`fimg-grid fimg-grid--${cols}${compact ? ' fimg-grid--compact' : ''}`} data-testid="image-grid">
      {shown.map((src, i) => (
        <button
          key={`${src}-${i}`}
          type="button"
          className="fimg-grid__cell"
          onClick={(e) => {
            e.stopPropagation();
            onOpen?.(i);
          }}
        >
          <GuardedImage src={src} className="fimg-grid__img" loading="lazy" />
        </button>
      ))}
    </div>
  );
}

/** The viewer for a post's images; guarded images are decoded to blob URLs before they show. */
export function PostImageViewer({ images, index, onClose }: { images: string[]; index: number | null; onClose: () => void }) {
  if (index === null) return null;
  return <DecodedViewer images={images} index={index} onClose={onClose} />;
}

function DecodedViewer({ images, index, onClose }: { images: string[]; index: number; onClose: () => void }) {
  const decoded = useDecoded(images);
  return <ImageViewer.Multi images={decoded} defaultIndex={index} visible onClose={onClose} />;
}

/** Up to 9 decoded sources (one hook per slot, always 9, so hook order never changes). */
function useDecoded(images: string[]): string[] {
  const s = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => images[i] ?? null);
  const d0 = useGuardedSrc(s[0]);
  const d1 = useGuardedSrc(s[1]);
  const d2 = useGuardedSrc(s[2]);
  const d3 = useGuardedSrc(s[3]);
  const d4 = useGuardedSrc(s[4]);
  const d5 = useGuardedSrc(s[5]);
  const d6 = useGuardedSrc(s[6]);
  const d7 = useGuardedSrc(s[7]);
  const d8 = useGuardedSrc(s[8]);
  return [d0, d1, d2, d3, d4, d5, d6, d7, d8].slice(0, Math.min(9, images.length)).map((d, i) => d ?? images[i]!);
}

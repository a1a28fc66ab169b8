import { useEffect, useRef, useState } from 'react';
import { LiveHls, type LiveHlsState } from '../lib/media/liveHls';
import { useRoomPreview } from '../state/queries/board';
import './livePreview.css';

/**
 * A room's live picture, muted, over its cover: the room's HLS playlist through hls.js (loaded only
 * now), played only while at least half of it is on screen (or, `eager`, while mounted: the next
 * room of a swipe, preloaded off screen) and the page is visible, and torn down otherwise, so a
 * phone decodes one small stream at a time. Nothing shows when the room has no HLS.
 */
export function LivePreview({ roomId, active = true, eager = false }: { roomId: number; active?: boolean; eager?: boolean }) {
  const box = useRef<HTMLSpanElement>(null);
  const [inView, setSeen] = useState(false);
  const seen = eager || inView;
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState === 'visible');
  const q = useRoomPreview(active && seen ? roomId : null);
  const url = q.data?.hls_url ?? null;

  useEffect(() => {
    const el = box.current;
    if (!el || eager || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(([e]) => setSeen((e?.intersectionRatio ?? 0) >= 0.5), { threshold: [0, 0.5, 1] });
    io.observe(el);
    return () => io.disconnect();
  }, [eager]);

  useEffect(() => {
    const on = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  }, []);

  const playing = active && seen && visible && url !== null;
  return (
    <span ref={box} className="live-preview" data-testid="live-preview" data-room-id={roomId} data-state={playing ? 'on' : 'off'}>
      {playing && <PreviewVideo url={url} />}
    </span>
  );
}

function PreviewVideo({ url }: { url: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<LiveHlsState['status']>('loading');
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    const player = new LiveHls(v, url, (s) => setState(s.status));
    v.play().catch(() => undefined);
    return () => player.destroy();
  }, [url]);
  return <video ref={ref} className="live-preview__video" data-status={state} muted playsInline autoPlay disablePictureInPicture aria-hidden />;
}

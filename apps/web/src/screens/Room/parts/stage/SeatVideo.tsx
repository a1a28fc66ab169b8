import { useEffect, useRef, useState } from 'react';
import { useRoom } from '../shell/RoomContext';

interface Props {
  stream: MediaStream | null;
  /** Media seat id ('anchor', 'seat-1'), or 'local' for one's own preview; tests read frames by it. */
  seat: string;
  /** One's own camera: always muted (no echo), mirrored for the front camera. */
  local?: boolean;
  mirrored?: boolean;
  className?: string;
  /** Told once the first frame is on screen (to fade out the avatar placeholder). */
  onReady?: (ready: boolean) => void;
}

/**
 * A <video> bound to a MediaStream. Tries to play with sound; when the browser refuses unmuted
 * autoplay, the whole room falls back to muted and shows "tap for sound" (setSound(false)).
 */
export function SeatVideo({ stream, seat, local = false, mirrored = false, className = '', onReady }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const { sound, setSound } = useRoom();
  const muted = local || !sound;

  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    if (v.srcObject !== stream) v.srcObject = stream;
    // The attribute alone does not change a playing element: set the property.
    v.muted = muted;
    if (!stream) return;
    v.play().catch((err: unknown) => {
      if (!muted && err instanceof DOMException && err.name === 'NotAllowedError') setSound(false);
    });
  }, [stream, muted, setSound]);

  useEffect(() => {
    const v = ref.current;
    if (!v || !onReady) return;
    const check = () => onReady(v.videoWidth > 0 && v.readyState >= 2);
    v.addEventListener('loadeddata', check);
    v.addEventListener('resize', check);
    v.addEventListener('emptied', check);
    return () => {
      v.removeEventListener('loadeddata', check);
      v.removeEventListener('resize', check);
      v.removeEventListener('emptied', check);
    };
  }, [onReady]);

  return <video ref={ref} className={`seat-video ${mirrored ? 'seat-video--mirror' : ''} ${className}`} data-seat={seat} playsInline autoPlay muted={muted} />;
}

/** Whether a video element has shown a frame yet; pass the setter as SeatVideo's onReady. */
export function useVideoReady(): [boolean, (ready: boolean) => void] {
  return useState(false);
}

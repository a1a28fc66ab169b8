import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveHls, type LiveHlsState } from '../../../../lib/media/liveHls';
import { useRoom } from '../shell/RoomContext';

interface Props {
  url: string;
  onReady: (ready: boolean) => void;
}

/**
 * The anchor's picture over HLS (the room's WebRTC is full, or could not connect): a <video> fed by
 * hls.js, and a chip saying how far behind live it is. Chat, gifts and the mic queue are the room
 * channel's, the same as over WebRTC.
 */
export function HlsVideo({ url, onReady }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const { sound, setSound } = useRoom();
  const [state, setState] = useState<LiveHlsState>({ status: 'loading', delayMs: null });

  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    const player = new LiveHls(v, url, setState);
    return () => player.destroy();
  }, [url]);

  useEffect(() => onReady(state.status === 'playing'), [state.status, onReady]);

  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    v.muted = !sound;
    v.play().catch((err: unknown) => {
      if (sound && err instanceof DOMException && err.name === 'NotAllowedError') setSound(false);
    });
  }, [sound, setSound, url]);

  return (
    <>
      <video ref={ref} className="seat-video" data-seat="anchor" data-via="hls" playsInline autoPlay muted={!sound} />
      {state.delayMs !== null && (
        <span className="hls-delay" data-testid="hls-delay" data-delay-ms={Math.round(state.delayMs)}>
          {t('room.hlsDelay', { seconds: (state.delayMs / 1000).toFixed(1) })}
        </span>
      )}
    </>
  );
}

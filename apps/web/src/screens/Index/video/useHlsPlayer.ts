import { useEffect, type RefObject } from 'react';
import type HlsType from 'hls.js';
import { HLS_WORKER, loadHls } from '../../../lib/media/hls';
import { getSession } from '../../../state/session';

/**
 * Plays an HLS playlist in a <video>: hls.js where Media Source Extensions exist (sending the
 * session token, so buyers get the full playlist), the browser's own HLS otherwise (Safari; the
 * preview then). `url` null detaches. `reloadKey` changes reload the source (after a purchase).
 * `startAt` plays from that second (a replay opened at a clip's start).
 */
export function useHlsPlayer(ref: RefObject<HTMLVideoElement | null>, url: string | null, reloadKey: string, onFatal: () => void, startAt?: number): void {
  useEffect(() => {
    const video = ref.current;
    if (!video || !url) return;
    let hls: HlsType | null = null;
    let dead = false;
    void loadHls().then((Hls) => {
      if (dead) return;
      if (Hls.isSupported()) {
        const token = getSession().token;
        // The token goes to the server's playlists only: segments on an S3 bucket or CDN must not get
        // it (a bucket refuses a foreign Authorization header, and it is no one else's business).
        const apiOrigin = new URL(url, location.href).origin;
        hls = new Hls({
          ...HLS_WORKER,
          maxBufferLength: 20,
          startPosition: startAt ?? -1,
          xhrSetup: (xhr, to) => {
            if (token && new URL(to, location.href).origin === apiOrigin) xhr.setRequestHeader('Authorization', token);
          },
        });
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) onFatal();
        });
        hls.loadSource(url);
        hls.attachMedia(video);
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        if (startAt !== undefined) video.addEventListener('loadedmetadata', () => (video.currentTime = startAt), { once: true });
        video.src = url;
      } else {
        onFatal();
      }
    });
    return () => {
      dead = true;
      hls?.destroy();
      video.removeAttribute('src');
      video.load();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onFatal is a fresh closure each render and startAt only counts at load; the source depends on the url and reload key only
  }, [ref, url, reloadKey]);
}

import type HlsType from 'hls.js';
import { HLS_WORKER, loadHls } from './hls';

export interface LiveHlsState {
  status: 'loading' | 'playing' | 'failed';
  /** How far behind live the picture is, ms (now − the playing frame's program date time); null before the first frame. */
  delayMs: number | null;
}

/**
 * A room's live HLS stream in a <video>: hls.js (Media Source Extensions) close to the live edge,
 * or the browser's own HLS (Safari). The playlist and segments come from storage or a CDN and need
 * no token. The delay is read from EXT-X-PROGRAM-DATE-TIME, which the server writes per segment.
 */
export class LiveHls {
  private hls: HlsType | null = null;
  private dead = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly video: HTMLVideoElement,
    url: string,
    private readonly onState: (s: LiveHlsState) => void,
  ) {
    void loadHls().then((Hls) => {
      if (this.dead) return;
      if (Hls.isSupported()) {
        const hls = new Hls({
          ...HLS_WORKER,
          liveSyncDuration: 2,
          liveMaxLatencyDuration: 8,
          maxLiveSyncPlaybackRate: 1.2,
          maxBufferLength: 10,
          backBufferLength: 10,
        });
        this.hls = hls;
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) this.onState({ status: 'failed', delayMs: null });
        });
        hls.loadSource(url);
        hls.attachMedia(video);
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = url;
      } else {
        this.onState({ status: 'failed', delayMs: null });
        return;
      }
      this.timer = setInterval(() => this.tick(), 500);
    });
  }

  private tick(): void {
    const v = this.video;
    const playing = v.readyState >= 2 && v.videoWidth > 0;
    const date = this.hls?.playingDate ?? (v as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.();
    const at = date && !Number.isNaN(date.getTime()) ? (this.hls ? date.getTime() : date.getTime() + v.currentTime * 1000) : null;
    this.onState({ status: playing ? 'playing' : 'loading', delayMs: at ? Math.max(0, Date.now() - at) : null });
  }

  destroy(): void {
    this.dead = true;
    if (this.timer) clearInterval(this.timer);
    this.hls?.destroy();
    this.video.removeAttribute('src');
    this.video.load();
  }
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { VideoResource } from '@app/contract';
import { isApiError } from '../../../lib/apiError';
import { uploadVideoFile } from '../../../lib/videoUpload';

export type UploadState =
  { phase: 'idle' } | { phase: 'sending'; progress: number } | { phase: 'sent'; resource: VideoResource } | { phase: 'failed'; message: string };

/** One video upload with its progress; starting another (or leaving the page) cancels the one running. */
export function useVideoUpload() {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback((file: File) => {
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    setState({ phase: 'sending', progress: 0 });
    uploadVideoFile(file, { signal: ctl.signal, onProgress: (progress) => !ctl.signal.aborted && setState({ phase: 'sending', progress }) }).then(
      (resource) => !ctl.signal.aborted && setState({ phase: 'sent', resource }),
      (e: unknown) => !ctl.signal.aborted && setState({ phase: 'failed', message: isApiError(e) ? e.msg.replace(/^file: /, '') : String(e) }),
    );
  }, []);

  const reset = useCallback(() => {
    abort.current?.abort();
    setState({ phase: 'idle' });
  }, []);

  /** Carries on with an upload the server already has (published later from my uploads). */
  const adopt = useCallback((resource: VideoResource) => {
    abort.current?.abort();
    setState({ phase: 'sent', resource });
  }, []);

  return { state, start, reset, adopt };
}

/** Reads a local video's duration in the browser (the server checks again with ffprobe). */
export function readDuration(url: string): Promise<number> {
  return new Promise((resolve) => {
    const v = document.createElement('video');
    v.preload = 'metadata';
    v.muted = true;
    v.onloadedmetadata = () => resolve(v.duration);
    v.onerror = () => resolve(Number.NaN);
    v.src = url;
  });
}

/** The frame a <video> shows now, as a JPEG (the chosen cover). */
export function captureFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx || canvas.width === 0) return Promise.resolve(null);
  ctx.drawImage(video, 0, 0);
  return new Promise((resolve) => canvas.toBlob((b) => resolve(b), 'image/jpeg', 0.88));
}

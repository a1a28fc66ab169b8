/**
 * Camera, microphone and screen capture for publishing, from the room settings of seed §3.
 * Pure constraint builders are separate from the getUserMedia calls so they can be unit-tested.
 */

/** The capture-relevant part of the §3 room settings. */
export interface CaptureSettings {
  frontCamera: boolean;
  camera: boolean;
  audio: boolean;
  /** Portrait (9:16) rather than landscape (16:9) video. */
  vertical: boolean;
}

/** 640×360 is what the SFU was measured with; portrait swaps the sides instead of cropping. */
export const CAPTURE_SIZE = { long: 640, short: 360 } as const;
/** The anchor's video bitrate cap (the server's REMB cap is the same by default). */
export const ANCHOR_MAX_BITRATE = 1_000_000;
/** Co-hosts and chat-room seats are small tiles: half the anchor's budget is plenty. */
export const SEAT_MAX_BITRATE = 500_000;

export function videoConstraints(s: Pick<CaptureSettings, 'frontCamera' | 'vertical'>): MediaTrackConstraints {
  const { long, short } = CAPTURE_SIZE;
  return {
    facingMode: s.frontCamera ? 'user' : 'environment',
    width: { ideal: s.vertical ? short : long },
    height: { ideal: s.vertical ? long : short },
    frameRate: { ideal: 24, max: 30 },
  };
}

export const AUDIO_CONSTRAINTS: MediaTrackConstraints = { echoCancellation: true, noiseSuppression: true, autoGainControl: true };

/** Why capture failed, in terms the UI can explain. */
export type CaptureFailure = 'denied' | 'no-device' | 'insecure' | 'busy' | 'unknown';

export class CaptureError extends Error {
  constructor(
    readonly reason: CaptureFailure,
    cause?: unknown,
  ) {
    super(`capture failed: ${reason}`);
    this.name = 'CaptureError';
    this.cause = cause;
  }
}

export function captureFailure(err: unknown): CaptureFailure {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-device';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'unknown';
}

/**
 * Opens camera and microphone. Both tracks are always captured (a disabled setting starts the
 * track disabled): the SFU treats a silent publisher as gone, so "camera off" sends black frames
 * rather than no track. Falls back to whichever device exists when one is missing.
 */
export async function openCapture(s: CaptureSettings): Promise<MediaStream> {
  const md = globalThis.navigator?.mediaDevices;
  if (!md?.getUserMedia) throw new CaptureError('insecure');
  const attempts: MediaStreamConstraints[] = [
    { video: videoConstraints(s), audio: AUDIO_CONSTRAINTS },
    { video: false, audio: AUDIO_CONSTRAINTS },
    { video: videoConstraints(s), audio: false },
  ];
  let last: unknown;
  for (const c of attempts) {
    try {
      const stream = await md.getUserMedia(c);
      applyEnabled(stream, s);
      return stream;
    } catch (err) {
      last = err;
      // A refusal is the user's answer: asking again for fewer devices would only nag.
      if (captureFailure(err) === 'denied') break;
    }
  }
  throw new CaptureError(captureFailure(last), last);
}

export function applyEnabled(stream: MediaStream, s: Pick<CaptureSettings, 'camera' | 'audio'>): void {
  stream.getVideoTracks().forEach((t) => (t.enabled = s.camera));
  stream.getAudioTracks().forEach((t) => (t.enabled = s.audio));
}

/** A new camera track facing the other way (the old one is stopped by the caller after the swap). */
export async function openCameraTrack(s: Pick<CaptureSettings, 'frontCamera' | 'vertical'>): Promise<MediaStreamTrack> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: videoConstraints(s), audio: false });
  const track = stream.getVideoTracks()[0];
  if (!track) throw new CaptureError('no-device');
  return track;
}

/** The screen (or a window) as a video track; undefined when the user cancels the picker. */
export async function openScreenTrack(): Promise<MediaStreamTrack | undefined> {
  const md = navigator.mediaDevices as MediaDevices & { getDisplayMedia?: MediaDevices['getDisplayMedia'] };
  if (!md.getDisplayMedia) throw new CaptureError('no-device');
  try {
    const stream = await md.getDisplayMedia({ video: { frameRate: { ideal: 15, max: 30 } }, audio: false });
    return stream.getVideoTracks()[0];
  } catch (err) {
    if (captureFailure(err) === 'denied') return undefined;
    throw new CaptureError(captureFailure(err), err);
  }
}

export const canShareScreen = (): boolean =>
  typeof navigator !== 'undefined' && typeof (navigator.mediaDevices as { getDisplayMedia?: unknown } | undefined)?.getDisplayMedia === 'function';

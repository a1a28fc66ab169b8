/**
 * Speaking indicators: the loudness of a stream's audio, sampled with one shared WebAudio context.
 * Chrome feeds a remote WebRTC track to WebAudio only while the stream also plays in a media
 * element, which the seat tiles do.
 */

let ctx: AudioContext | null = null;

function context(): AudioContext | null {
  if (ctx) return ctx;
  const Ctor = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  ctx = new Ctor();
  // Autoplay rules may start it suspended; the first tap anywhere wakes it.
  if (ctx.state === 'suspended') {
    const wake = () => void ctx?.resume();
    globalThis.addEventListener('pointerdown', wake, { once: true });
  }
  return ctx;
}

/** RMS of time-domain samples in [-1, 1]. */
export function rms(samples: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  return samples.length ? Math.sqrt(sum / samples.length) : 0;
}

/** Above this RMS a seat counts as speaking (quiet rooms sit around 0.001–0.005). */
export const SPEAKING_RMS = 0.02;

/** Calls `onLevel` with the stream's RMS every `everyMs` until the returned stop is called. */
export function watchLevel(stream: MediaStream, onLevel: (level: number) => void, everyMs = 150): () => void {
  const ac = context();
  if (!ac || stream.getAudioTracks().length === 0) return () => undefined;
  const source = ac.createMediaStreamSource(stream);
  const analyser = ac.createAnalyser();
  analyser.fftSize = 512;
  source.connect(analyser);
  const buf = new Float32Array(analyser.fftSize);
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(buf);
    onLevel(rms(buf));
  }, everyMs);
  return () => {
    clearInterval(timer);
    source.disconnect();
  };
}

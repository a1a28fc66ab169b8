import { useEffect, useState } from 'react';
import { SPEAKING_RMS, watchLevel } from '../../../../lib/media/audioLevel';

/** True while the stream's audio is above the speaking level (with a short hold so the ring does not flicker). */
export function useSpeaking(stream: MediaStream | null, enabled = true): boolean {
  const [speaking, setSpeaking] = useState(false);
  useEffect(() => {
    if (!stream || !enabled) {
      setSpeaking(false);
      return;
    }
    let lastLoud = 0;
    const stop = watchLevel(stream, (level) => {
      const now = Date.now();
      if (level > SPEAKING_RMS) lastLoud = now;
      setSpeaking(now - lastLoud < 400);
    });
    return stop;
  }, [stream, enabled]);
  return speaking;
}

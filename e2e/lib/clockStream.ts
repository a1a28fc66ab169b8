/**
 * A camera that shows the time: `CLOCK_CAMERA_JS` (an init script) makes getUserMedia's video a
 * canvas drawing Date.now() as 42 black/white blocks every frame; `readClockDelay(page, selector)` reads
 * the time back from a <video> on another page. Their difference is the glass-to-glass delay of
 * whatever path the picture took (both pages share this machine's clock).
 *
 * The camera is an init script, a plain JS string (see media.ts: tsx's helpers do not exist in the page).
 */
import type { Page } from 'playwright-core';

const BITS = 42;
const COLS = 21;
const BOX = 28;
const TOP = 40;
const LEFT = 26;

export const CLOCK_CAMERA_JS = `(() => {
  const md = navigator.mediaDevices;
  if (!md || md.__clock) return;
  md.__clock = true;
  const original = md.getUserMedia.bind(md);
  const canvas = document.createElement('canvas');
  canvas.width = 640; canvas.height = 360;
  const g = canvas.getContext('2d');
  const draw = () => {
    const t = Date.now();
    g.fillStyle = '#7a7a7a'; g.fillRect(0, 0, 640, 360);
    for (let i = 0; i < ${BITS}; i++) {
      const bit = Math.floor(t / Math.pow(2, i)) % 2;
      g.fillStyle = bit ? '#ffffff' : '#000000';
      g.fillRect(${LEFT} + (i % ${COLS}) * ${BOX}, ${TOP} + Math.floor(i / ${COLS}) * ${BOX}, ${BOX}, ${BOX});
    }
    g.fillStyle = '#ff4f8b'; g.fillRect((t / 10) % 640, 200, 40, 40);
  };
  setInterval(draw, 20);
  draw();
  md.getUserMedia = async (c) => {
    const audio = c && c.audio ? await original({ audio: c.audio }) : null;
    if (!c || !c.video) return audio;
    const stream = canvas.captureStream(25);
    if (audio) audio.getAudioTracks().forEach((a) => stream.addTrack(a));
    return stream;
  };
})();`;

/** The glass-to-glass delay (ms) of the <video> matching `selector` on `page`, or null when none is readable. */
export function readClockDelay(page: Page, selector: string): Promise<number | null> {
  return page.evaluate(
    ({ sel, bits, cols, box, top, left }) => {
      const v = document.querySelector<HTMLVideoElement>(sel);
      if (!v || !v.videoWidth) return null;
      const c = document.createElement('canvas');
      c.width = 640;
      c.height = 360;
      const g = c.getContext('2d', { willReadFrequently: true })!;
      g.drawImage(v, 0, 0, 640, 360);
      let t = 0;
      for (let i = 0; i < bits; i++) {
        const x = left + (i % cols) * box + box / 2;
        const y = top + Math.floor(i / cols) * box + box / 2;
        const p = g.getImageData(x - 3, y - 3, 6, 6).data;
        let sum = 0;
        for (let k = 0; k < p.length; k += 4) sum += p[k]! + p[k + 1]! + p[k + 2]!;
        if (sum / (p.length / 4) / 3 > 128) t += Math.pow(2, i);
      }
      // A frame mid-change or badly compressed decodes to nonsense: only times near now count.
      return Math.abs(Date.now() - t) < 60000 ? Date.now() - t : null;
    },
    { sel: selector, bits: BITS, cols: COLS, box: BOX, top: TOP, left: LEFT },
  );
}

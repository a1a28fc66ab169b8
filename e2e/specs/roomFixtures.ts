import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { Member } from '../lib/member.js';

/** What the room suites share: covers made here (nothing binary committed) and uploaded as the create page does. */

/** A cover picture (a soft gradient with bokeh), made here so nothing binary is committed. */
export function cover(from: string, to: string): Promise<Buffer> {
  const dots = [
    [70, 120, 60, 0.35],
    [250, 80, 40, 0.25],
    [200, 300, 90, 0.2],
    [60, 380, 50, 0.3],
    [280, 420, 70, 0.18],
  ]
    .map(([x, y, r, o]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${o}"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="480"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="360" height="480" fill="url(#g)"/>${dots}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Uploads a cover for `m` the way the create page does (resource/upload/file, purpose cover). */
export async function uploadCover(base: string, m: Member, png: Buffer): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'cover');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
  const res = await fetch(`${base}/api/client_live/resource/upload/file`, {
    method: 'POST',
    headers: { Authorization: m.token, Constraint: 'liveapp-h5', Device: 'e2e-device' },
    body: form,
  });
  const env = (await res.json()) as { code: number; data: { url: string } };
  assert.equal(env.code, 200);
  return env.data.url;
}

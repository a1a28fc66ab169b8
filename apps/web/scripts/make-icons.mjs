// Renders the PWA icons from public/icon.svg (run once after editing the SVG: node scripts/make-icons.mjs).
import sharp from 'sharp';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const pub = fileURLToPath(new URL('../public/', import.meta.url));
const svg = await readFile(`${pub}icon.svg`);

for (const size of [192, 512]) {
  await sharp(svg, { density: 300 }).resize(size, size).png().toFile(`${pub}icon-${size}.png`);
}
await sharp(svg, { density: 300 }).resize(180, 180).flatten({ background: '#ff4f8b' }).png().toFile(`${pub}apple-touch-icon.png`);
// Maskable: the artwork inside the 80% safe zone on a full-bleed brand background.
const inner = await sharp(svg, { density: 300 }).resize(410, 410).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#c24fd0' } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(`${pub}icon-maskable-512.png`);
console.log('icons written to', pub);

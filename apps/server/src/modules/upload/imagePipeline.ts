import sharp from 'sharp';

export type Purpose = 'avatar' | 'image' | 'cover';

/** Decoded pictures larger than this many pixels are refused (a small file can decode to gigabytes). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Re-encodes an image to WebP: avatars 256×256 (cover crop), others at most 1280 wide. Re-encoding
 * also drops metadata (EXIF GPS) and anything smuggled after the image data. Throws on a truncated
 * or undecodable file.
 */
export async function toWebp(bytes: Uint8Array, purpose: Purpose) {
  let img = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  img = purpose === 'avatar' ? img.resize(256, 256, { fit: 'cover' }) : img.resize({ width: 1280, withoutEnlargement: true });
  const { data, info } = await img.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

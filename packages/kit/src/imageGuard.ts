import { utf8Encode } from './encoding.js';

/** Fixed key whose bytes are XORed over the start of protected images (obfuscation, not security). */
export const IMAGE_GUARD_KEY = 'LiveApp#ImgGuard2026';
/** How many leading bytes of an image are altered by the guard. */
export const IMAGE_GUARD_LENGTH = 100;

/** Returns a copy whose first min(100, length) bytes are XORed with the key's UTF-8 bytes (key repeated). */
export function guardBytes(bytes: Uint8Array, key: string = IMAGE_GUARD_KEY): Uint8Array {
  const k = utf8Encode(key);
  if (k.length === 0) throw new Error('Image guard key must not be empty');
  const out = bytes.slice();
  const n = Math.min(IMAGE_GUARD_LENGTH, out.length);
  for (let i = 0; i < n; i++) out[i] = out[i]! ^ k[i % k.length]!;
  return out;
}

/** Undoes guardBytes (XOR is its own inverse; the separate name reads better at call sites). */
export function unguardBytes(bytes: Uint8Array, key: string = IMAGE_GUARD_KEY): Uint8Array {
  return guardBytes(bytes, key);
}

/** Image mime types recognised by looksLikeImage. */
export type ImageMime = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

function startsWith(bytes: Uint8Array, sig: readonly number[], at = 0): boolean {
  return bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
}

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/** Identifies JPEG, PNG, GIF or WebP by magic number; returns the mime type, or null for anything else. */
export function looksLikeImage(bytes: Uint8Array): ImageMime | null {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'image/gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  return null;
}

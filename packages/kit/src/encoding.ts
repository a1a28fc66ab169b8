import { bytesToUtf8, utf8ToBytes } from '@noble/ciphers/utils.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP: Record<string, number> = Object.fromEntries([...ALPHABET].map((c, i) => [c, i]));

/** Encodes bytes as standard padded Base64 (RFC 4648 §4), without btoa or Buffer. */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += b === undefined ? '=' : ALPHABET[(n >> 6) & 63]!;
    out += c === undefined ? '=' : ALPHABET[n & 63]!;
  }
  return out;
}

/** Decodes standard Base64 (padding optional); throws an Error on any other character or an impossible length. */
export function base64ToBytes(b64: string): Uint8Array {
  const body = b64.endsWith('==') ? b64.slice(0, -2) : b64.endsWith('=') ? b64.slice(0, -1) : b64;
  if (body.length % 4 === 1 || (body.length !== b64.length && b64.length % 4 !== 0)) {
    throw new Error('Invalid Base64: bad length or padding');
  }
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let j = 0;
  for (const ch of body) {
    const v = LOOKUP[ch];
    if (v === undefined) throw new Error(`Invalid Base64 character: ${JSON.stringify(ch)}`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

/** Encodes a string as UTF-8 bytes. */
export function utf8Encode(text: string): Uint8Array {
  return utf8ToBytes(text);
}

/** Decodes UTF-8 bytes, throwing an Error on malformed input instead of inserting U+FFFD. */
export function utf8DecodeStrict(bytes: Uint8Array): string {
  const text = bytesToUtf8(bytes);
  // A byte string is well-formed UTF-8 exactly when decode → encode gives it back unchanged:
  // each malformed sequence is replaced by U+FFFD, whose encoding EF BF BD differs from it.
  const again = utf8ToBytes(text);
  if (again.length !== bytes.length || again.some((b, i) => b !== bytes[i])) {
    throw new Error('Invalid UTF-8');
  }
  return text;
}

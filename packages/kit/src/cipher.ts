import { cbc } from '@noble/ciphers/aes.js';
import { base64ToBytes, bytesToBase64, utf8DecodeStrict, utf8Encode } from './encoding.js';

/** Built-in AES key (16 UTF-8 bytes → AES-128) used when no key is configured; obfuscation, not security. */
export const DEFAULT_CIPHER_KEY = 'LiveApp#2026Key!';
/** Built-in AES-CBC iv (16 UTF-8 bytes) used when no iv is configured. */
export const DEFAULT_CIPHER_IV = 'LiveApp@2026Iv16';

function keyAndIv(key: string, iv: string): [Uint8Array, Uint8Array] {
  const k = utf8Encode(key);
  const v = utf8Encode(iv);
  if (k.length !== 16 && k.length !== 24 && k.length !== 32) {
    throw new Error(`AES key must be 16, 24 or 32 UTF-8 bytes, got ${k.length}`);
  }
  if (v.length !== 16) throw new Error(`AES-CBC iv must be 16 UTF-8 bytes, got ${v.length}`);
  return [k, v];
}

/** AES-CBC/PKCS7-encrypts the UTF-8 text with a UTF-8 key (16/24/32 bytes) and iv (16 bytes); returns Base64. */
export function encryptText(plain: string, key: string, iv: string): string {
  const [k, v] = keyAndIv(key, iv);
  return bytesToBase64(cbc(k, v).encrypt(utf8Encode(plain)));
}

/** Reverses encryptText; throws an Error on bad Base64, bad length, bad padding or non-UTF-8 plaintext. */
export function decryptText(b64: string, key: string, iv: string): string {
  const [k, v] = keyAndIv(key, iv);
  const data = base64ToBytes(b64);
  if (data.length === 0 || data.length % 16 !== 0) {
    throw new Error('Ciphertext length must be a positive multiple of 16 bytes');
  }
  let plain: Uint8Array;
  try {
    plain = cbc(k, v).decrypt(data);
  } catch (e) {
    throw new Error(`Decryption failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  return utf8DecodeStrict(plain);
}

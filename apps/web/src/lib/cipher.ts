import { decryptText, DEFAULT_CIPHER_IV, DEFAULT_CIPHER_KEY, encryptText } from '@app/kit';

const KEY = import.meta.env.VITE_CIPHER_KEY || DEFAULT_CIPHER_KEY;
const IV = import.meta.env.VITE_CIPHER_IV || DEFAULT_CIPHER_IV;

/**
 * Whether calls are encrypted (the Requested-Encrypt header): on in the production build so the
 * wire is not readable at a glance, off in dev so the network panel and curl stay readable;
 * VITE_ENCRYPT=1/0 overrides either way.
 */
export function encryptionOn(): boolean {
  const flag = import.meta.env.VITE_ENCRYPT;
  if (flag === '1' || flag === 'true') return true;
  if (flag === '0' || flag === 'false') return false;
  return import.meta.env.PROD;
}

/** AES-CBC/PKCS7/Base64 of the text with the built-in (or configured) key and iv. */
export const seal = (plain: string): string => encryptText(plain, KEY, IV);
/** Reverses seal; throws when the text is not our ciphertext. */
export const unseal = (b64: string): string => decryptText(b64, KEY, IV);

let subtleKey: Promise<CryptoKey> | null = null;
const utf8 = new TextEncoder();

/**
 * unseal off the main thread: the browser's own AES (Web Crypto, in secure contexts: https and
 * localhost) decrypts while the page goes on; a language pack is tens of KiB, which the script AES
 * would take a long task over on a slow phone. Where Web Crypto is missing, it is unseal.
 * Rejects when the text is not our ciphertext.
 */
export async function unsealAsync(b64: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return unseal(b64);
  subtleKey ??= subtle.importKey('raw', utf8.encode(KEY), { name: 'AES-CBC' }, false, ['decrypt']);
  const bin = atob(b64);
  const data = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) data[i] = bin.charCodeAt(i);
  const plain = await subtle.decrypt({ name: 'AES-CBC', iv: utf8.encode(IV) }, await subtleKey, data);
  return new TextDecoder('utf-8', { fatal: true }).decode(plain);
}

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

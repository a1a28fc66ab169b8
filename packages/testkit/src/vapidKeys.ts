import { generateKeyPairSync } from 'node:crypto';

/**
 * A VAPID key pair made with node:crypto, as `npm run admin -- push-keys` prints one: the P-256
 * public key uncompressed (65 bytes) and the private scalar (32 bytes), both base64url.
 */
export function vapidKeyPair(): { publicKey: string; privateKey: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { publicKey: raw.toString('base64url'), privateKey: jwk.d! };
}

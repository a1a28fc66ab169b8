import webpush from 'web-push';

/**
 * `npm run admin -- push-keys`: a new VAPID key pair for Web Push, printed as the two settings to
 * add to the environment (nothing is written). Made once per deployment: every browser's
 * subscription is bound to the public key, so a new pair silences them all until they subscribe again.
 */
export function pushKeysCommand(): number {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  console.log(`# Web Push keys: set both on every instance (and VAPID_SUBJECT=mailto:<your address>); keep the private key secret (SECURITY.md).
# Make them once: a new pair voids every subscription browsers hold.
VAPID_PUBLIC_KEY=${publicKey}
VAPID_PRIVATE_KEY=${privateKey}`);
  return 0;
}

const DEVICE_KEY = 'liveapp.device';
let memo = '';

function randomId(): string {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A random id kept in localStorage and sent in the Device header; the server keys guests by it. */
export function getDeviceId(): string {
  if (memo) return memo;
  try {
    const stored = localStorage.getItem(DEVICE_KEY);
    if (stored && /^[\w-]{8,64}$/.test(stored)) return (memo = stored);
    memo = randomId();
    localStorage.setItem(DEVICE_KEY, memo);
  } catch {
    memo ||= randomId();
  }
  return memo;
}

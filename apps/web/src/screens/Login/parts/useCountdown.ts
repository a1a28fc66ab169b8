import { useCallback, useEffect, useRef, useState } from 'react';

/** Seconds left of a countdown, ticking once a second; start(n) (re)starts it. */
export function useCountdown(): { left: number; started: boolean; start: (seconds: number) => void } {
  const [left, setLeft] = useState(0);
  const [started, setStarted] = useState(false);
  const endAt = useRef(0);

  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft(Math.max(0, Math.ceil((endAt.current - Date.now()) / 1000))), 1000);
    return () => clearTimeout(id);
  }, [left]);

  const start = useCallback((seconds: number) => {
    endAt.current = Date.now() + seconds * 1000;
    setStarted(true);
    setLeft(seconds);
  }, []);

  return { left, started, start };
}

/** The captcha button's label (seed §4): start, counting, restart. */
export function smsButtonLabel(left: number, started: boolean): { key: 'sms.get' | 'sms.counting' | 'sms.again'; n?: number } {
  if (left > 0) return { key: 'sms.counting', n: left };
  return started ? { key: 'sms.again' } : { key: 'sms.get' };
}

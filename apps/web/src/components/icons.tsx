import { useId } from 'react';

/** The gold coin every amount of coins carries. */
export function CoinIcon({ size = 16, className = '' }: { size?: number; className?: string }) {
  const id = useId();
  return (
    <svg className={`coin-icon ${className}`} width={size} height={size} viewBox="0 0 32 32" aria-hidden>
      <defs>
        <linearGradient id={`${id}g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe58a" />
          <stop offset="0.55" stopColor="#ffc233" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
      </defs>
      <circle cx="16" cy="16" r="15" fill={`url(#${id}g)`} stroke="#e8961c" strokeWidth="1.5" />
      <circle cx="16" cy="16" r="10.5" fill="none" stroke="#fff3c4" strokeWidth="1.4" opacity="0.9" />
      <path d="M16 9.5l1.9 3.9 4.3.6-3.1 3 .7 4.3-3.8-2-3.8 2 .7-4.3-3.1-3 4.3-.6z" fill="#fff8dc" />
    </svg>
  );
}

/** A crown for the podium; `tone` picks gold, silver or bronze. */
export function CrownIcon({ tone, size = 28 }: { tone: 1 | 2 | 3; size?: number }) {
  const id = useId();
  const [a, b] = tone === 1 ? ['#ffe98a', '#f5a623'] : tone === 2 ? ['#f4f6fb', '#a9b3c7'] : ['#ffd2ac', '#c8743a'];
  return (
    <svg width={size} height={(size * 22) / 28} viewBox="0 0 28 22" aria-hidden className="crown-icon">
      <defs>
        <linearGradient id={`${id}c`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={a} />
          <stop offset="1" stopColor={b} />
        </linearGradient>
      </defs>
      <path d="M2 7l6 5 6-10 6 10 6-5-2.5 13h-19z" fill={`url(#${id}c)`} stroke="rgba(120,70,0,.35)" strokeWidth="0.8" />
      <circle cx="2" cy="6.5" r="1.8" fill={a} />
      <circle cx="14" cy="2" r="1.8" fill={a} />
      <circle cx="26" cy="6.5" r="1.8" fill={a} />
      <rect x="5" y="17.5" width="18" height="2.5" rx="1" fill="rgba(255,255,255,.55)" />
    </svg>
  );
}

/** Two opposed arrows: exchange. Sized by font-size like the antd-mobile icons. */
export function SwapIcon() {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M4 8h14l-4-4M20 16H6l4 4" />
    </svg>
  );
}

/** A keyboard: back to typing (the emoji panel's toggle while it is open). Sized like the antd-mobile icons. */
export function KeyboardIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden>
      <rect x="2.5" y="6" width="19" height="12" rx="2.5" />
      <path d="M6.5 10h.01M10 10h.01M13.5 10h.01M17 10h.01M6.5 13.5h.01M17 13.5h.01M9.5 14h5" />
    </svg>
  );
}

/** WeChat-like mark (two speech bubbles). */
export function WechatIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" aria-hidden>
      <path
        fill="currentColor"
        d="M9.2 4C5.2 4 2 6.7 2 10c0 1.9 1 3.5 2.6 4.6L4 17l2.7-1.4c.8.2 1.6.4 2.5.4h.5a5.6 5.6 0 0 1-.2-1.5c0-3.4 3.2-6 7.1-6h.4C16.3 5.9 13.1 4 9.2 4Z"
      />
      <path
        fill="currentColor"
        opacity=".85"
        d="M22 14.5c0-2.7-2.6-4.9-5.9-4.9s-5.9 2.2-5.9 4.9 2.6 4.9 5.9 4.9c.7 0 1.4-.1 2-.3L20.5 20l-.5-2c1.2-.9 2-2.1 2-3.5Z"
      />
    </svg>
  );
}

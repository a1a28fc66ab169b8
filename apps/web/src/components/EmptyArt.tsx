import type { ReactNode } from 'react';

/** The brand illustration of empty and error states: a soft gradient disc with a floating card and an icon. */
export function EmptyArt({ icon, tone = 'brand' }: { icon?: ReactNode; tone?: 'brand' | 'muted' }) {
  const [a, b] = tone === 'brand' ? ['#ffd3e4', '#e3d6ff'] : ['#e9e6ee', '#f3f1f6'];
  return (
    <div className="empty-art" aria-hidden>
      <svg viewBox="0 0 160 120" width="160" height="120">
        <defs>
          <linearGradient id={`ea-${tone}`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={a} />
            <stop offset="1" stopColor={b} />
          </linearGradient>
        </defs>
        <ellipse cx="80" cy="108" rx="46" ry="6" fill="#000" opacity=".05" />
        <circle cx="80" cy="58" r="46" fill={`url(#ea-${tone})`} />
        <circle cx="126" cy="22" r="5" fill={a} />
        <circle cx="34" cy="30" r="3" fill={b} />
        <rect x="52" y="34" width="56" height="46" rx="10" fill="#fff" />
        <rect x="60" y="66" width="26" height="5" rx="2.5" fill={b} />
      </svg>
      {icon && <span className="empty-art__icon">{icon}</span>}
    </div>
  );
}

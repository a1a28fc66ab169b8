import { useId, useState } from 'react';
import { labelIndexes, niceMax } from './chartScale';

export interface Bar {
  label: string;
  value: number;
  /** Shown when the bar is tapped. */
  tip: string;
}

const W = 343;
const H = 170;
const PAD = { top: 26, right: 8, bottom: 24, left: 8 };

/** A small SVG bar chart (no chart library): gradient bars, spaced date labels, tap a bar for its value. */
export function BarChart({ bars, testId }: { bars: Bar[]; testId?: string }) {
  const id = useId();
  const [active, setActive] = useState<number | null>(null);
  const top = niceMax(Math.max(0, ...bars.map((b) => b.value)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, bars.length);
  const barW = Math.max(3, Math.min(22, slot * 0.58));
  const shown = new Set(labelIndexes(bars.length));
  const sel = active ?? (bars.length ? bars.findLastIndex((b) => b.value > 0) : -1);

  return (
    <svg className="bar-chart" viewBox={`0 0 ${W} ${H}`} role="img" data-testid={testId}>
      <defs>
        <linearGradient id={`${id}b`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff4f8b" />
          <stop offset="1" stopColor="#b452f0" />
        </linearGradient>
        <linearGradient id={`${id}m`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffd6e5" />
          <stop offset="1" stopColor="#eadcff" />
        </linearGradient>
      </defs>
      {[0.5, 1].map((f) => (
        <line key={f} x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH * (1 - f)} y2={PAD.top + plotH * (1 - f)} className="bar-chart__grid" />
      ))}
      <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} className="bar-chart__axis" />
      {bars.map((b, i) => {
        const h = b.value > 0 ? Math.max(3, (b.value / top) * plotH) : 2;
        const x = PAD.left + slot * i + (slot - barW) / 2;
        const y = PAD.top + plotH - h;
        const on = i === sel;
        return (
          <g key={b.label} onClick={() => setActive(i)} className="bar-chart__bar">
            <rect x={PAD.left + slot * i} y={PAD.top} width={slot} height={plotH} fill="transparent" />
            <rect
              x={x}
              y={y}
              width={barW}
              height={h}
              rx={Math.min(5, barW / 2)}
              fill={`url(#${id}${on || b.value > 0 ? 'b' : 'm'})`}
              opacity={on || active === null ? 1 : 0.55}
            />
            {on && b.value > 0 && (
              <text x={Math.min(W - 30, Math.max(30, x + barW / 2))} y={y - 8} className="bar-chart__tip" textAnchor="middle">
                {b.tip}
              </text>
            )}
            {shown.has(i) && (
              <text x={x + barW / 2} y={H - 6} className="bar-chart__label" textAnchor="middle">
                {b.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

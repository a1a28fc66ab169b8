import type { DashboardDay } from '@app/contract';

interface Props {
  days: DashboardDay[];
  value: (d: DashboardDay) => number;
  format: (n: number) => string;
  color: string;
  testId?: string;
}

const W = 560;
const H = 180;
const PAD = { l: 8, r: 8, t: 22, b: 24 };

/** Daily bars for the last days (plain SVG: no chart library in the bundle), the value over each bar. */
export function TrendChart({ days, value, format, color, testId }: Props) {
  const values = days.map(value);
  const max = Math.max(1, ...values);
  const slot = (W - PAD.l - PAD.r) / Math.max(1, days.length);
  const bar = Math.min(26, slot * 0.62);
  const plot = H - PAD.t - PAD.b;
  return (
    <svg className="adm-chart" viewBox={`0 0 ${W} ${H}`} role="img" data-testid={testId}>
      {[0.25, 0.5, 0.75, 1].map((f) => (
        <line key={f} x1={PAD.l} x2={W - PAD.r} y1={H - PAD.b - f * plot} y2={H - PAD.b - f * plot} stroke="#f4f1f8" strokeDasharray="3 4" />
      ))}
      <line x1={PAD.l} x2={W - PAD.r} y1={H - PAD.b} y2={H - PAD.b} stroke="#ece8f2" />
      {days.map((d, i) => {
        const v = values[i]!;
        const h = Math.max(v > 0 ? 2 : 0, (v / max) * plot);
        const x = PAD.l + i * slot + (slot - bar) / 2;
        const y = H - PAD.b - h;
        const last = i === days.length - 1;
        return (
          <g key={d.day}>
            <title>{`${d.day}: ${format(v)}`}</title>
            <rect x={x} y={y} width={bar} height={h} rx={4} fill={color} opacity={last ? 1 : 0.55} />
            {(v > 0 || last) && (
              <text x={x + bar / 2} y={y - 5} textAnchor="middle" className="adm-chart__v">
                {format(v)}
              </text>
            )}
            {(i % 2 === days.length % 2 || last) && (
              <text x={x + bar / 2} y={H - 7} textAnchor="middle" className="adm-chart__d">
                {d.day.slice(5)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One line or bar series of a chart over time. */
export interface ChartSeries {
  label: string;
  values: (number | null)[];
  color: string;
  bars?: boolean;
}

interface Props {
  /** Epoch seconds of each point. */
  x: number[];
  series: ChartSeries[];
  /** How an axis value and a point are written (money, bit/s …). */
  format?: (v: number) => string;
  /** Days on the axis instead of times of day. */
  days?: boolean;
  height?: number;
  testId?: string;
}

const CHINA_TZ = 'Asia/Shanghai';
const pad = (n: number) => String(n).padStart(2, '0');

/** A small uPlot chart sized to its box (phones first), its times in China time. */
export function TimeChart({ x, series, format = String, days = false, height = 160, testId }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = Math.max(200, el.clientWidth);
    // A live shorter than ten minutes shows its seconds, or every tick would read the same minute.
    const short = !days && (x.at(-1) ?? 0) - (x[0] ?? 0) < 600;
    const tick = (d: Date) =>
      days ? `${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : `${pad(d.getHours())}:${pad(d.getMinutes())}${short ? `:${pad(d.getSeconds())}` : ''}`;
    const opts: uPlot.Options = {
      width,
      height,
      legend: { show: false },
      cursor: { y: false, points: { size: 6 } },
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), CHINA_TZ),
      // One point (a live shorter than a gift bucket) gets a minute either side instead of an empty range.
      scales: {
        x: { time: true, range: (_u, min, max) => (min === max ? [min - 60, max + 60] : [min, max]) },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        {
          stroke: '#9a93a8',
          grid: { show: false },
          ticks: { show: false },
          font: '10px system-ui, sans-serif',
          values: (_u, vals) => vals.map((v) => tick(uPlot.tzDate(new Date(v * 1000), CHINA_TZ))),
        },
        {
          stroke: '#9a93a8',
          grid: { stroke: 'rgba(120, 100, 160, 0.12)', width: 1 },
          ticks: { show: false },
          font: '10px system-ui, sans-serif',
          size: 44,
          values: (_u, vals) => vals.map((v) => format(v)),
        },
      ],
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: s.bars ? 0 : 2,
          fill: s.bars ? s.color : `${s.color}22`,
          points: { show: false },
          ...(s.bars ? { paths: uPlot.paths.bars!({ size: [0.7, 24] }) } : {}),
        })),
      ],
    };
    const plot = new uPlot(opts, [x, ...series.map((s) => s.values)] as uPlot.AlignedData, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [x, series, format, days, height]);
  return <div ref={box} className="dash-chart" data-testid={testId} />;
}

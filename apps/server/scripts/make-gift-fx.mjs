// Writes the demo gifts' full-screen animations as Lottie JSON into assets/gifts/fx/ (run after
// editing: node apps/server/scripts/make-gift-fx.mjs). Vector shapes only, drawn for this project;
// each file stays far under 100 KB. Served as /static/gifts/fx/<icon>.json (the gift's `url`).
import { writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../assets/gifts/fx/', import.meta.url));
const W = 512;
const H = 512;
const FR = 30;
const OP = 90; // 3 s

// ---- a tiny Lottie vocabulary -------------------------------------------------------------------
const hex = (h) => {
  const n = Number.parseInt(h.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255, 1].map((v) => Math.round(v * 1000) / 1000);
};
const fixed = (k) => ({ a: 0, k });
const EASE = { i: { x: [0.33], y: [1] }, o: { x: [0.67], y: [0] } };
/** Animated value from [frame, value] pairs (eased). */
const anim = (...keys) => ({
  a: 1,
  k: keys.map(([t, s], i) => (i === keys.length - 1 ? { t, s: [].concat(s) } : { t, s: [].concat(s), ...EASE })),
});
const val = (v) => (v && typeof v === 'object' && 'a' in v ? v : fixed(v));

const fill = (color, opacity = 100) => ({ ty: 'fl', c: fixed(hex(color)), o: val(opacity), r: 1, nm: 'fill' });
const stroke = (color, width) => ({ ty: 'st', c: fixed(hex(color)), o: fixed(100), w: fixed(width), lc: 2, lj: 2, nm: 'stroke' });
const ellipse = (w, h, x = 0, y = 0) => ({ ty: 'el', p: fixed([x, y]), s: fixed([w, h]), d: 1, nm: 'ellipse' });
const rect = (w, h, r = 0, x = 0, y = 0) => ({ ty: 'rc', p: fixed([x, y]), s: fixed([w, h]), r: fixed(r), d: 1, nm: 'rect' });
const star = (outer, inner, points = 5) => ({
  ty: 'sr',
  sy: 1,
  d: 1,
  pt: fixed(points),
  p: fixed([0, 0]),
  r: fixed(0),
  ir: fixed(inner),
  is: fixed(0),
  or: fixed(outer),
  os: fixed(0),
  nm: 'star',
});
/** A closed path through points; `curve` rounds corners with tangents of that fraction. */
const path = (pts, curve = 0) => {
  const n = pts.length;
  const tan = pts.map((p, i) => {
    const a = pts[(i - 1 + n) % n];
    const b = pts[(i + 1) % n];
    return [(b[0] - a[0]) * curve, (b[1] - a[1]) * curve];
  });
  return { ty: 'sh', ks: fixed({ c: true, v: pts, i: tan.map(([x, y]) => [-x, -y]), o: tan }), nm: 'path' };
};
const tr = ({ p = [0, 0], s = [100, 100], r = 0, o = 100 } = {}) => ({
  ty: 'tr',
  p: val(p),
  a: fixed([0, 0]),
  s: val(s),
  r: val(r),
  o: val(o),
  nm: 'transform',
});
const group = (items, t = {}) => ({ ty: 'gr', it: [...items, tr(t)], nm: 'group' });

let ind = 0;
/** A shape layer, its shapes listed bottom first (painted in that order); its transform may be animated. */
const layer = (name, shapes, { p = [W / 2, H / 2], s = [100, 100], r = 0, o = 100, ip = 0, op = OP } = {}) => ({
  ddd: 0,
  ind: ++ind,
  ty: 4,
  nm: name,
  sr: 1,
  ao: 0,
  bm: 0,
  ip,
  op,
  st: 0,
  ks: {
    o: val(o),
    r: val(r),
    p: val([].concat(p).length === 2 && !p.a ? [...p, 0] : p),
    a: fixed([0, 0, 0]),
    s: val([].concat(s).length === 2 && !s.a ? [...s, 100] : s),
  },
  // Lottie paints a layer's first shape on top: the list given bottom first is reversed.
  shapes: [...shapes].reverse(),
});
const fadeInOut = (from = 0, to = OP) => anim([from, 0], [from + 8, 100], [to - 12, 100], [to, 0]);

// ---- shared pieces ------------------------------------------------------------------------------
/** Rays turning behind the gift. */
const rays = (color) =>
  layer(
    'rays',
    [
      group([
        ...Array.from({ length: 12 }, (_, i) =>
          group(
            [
              path([
                [0, 0],
                [-18, -240],
                [18, -240],
              ]),
            ],
            { r: i * 30 },
          ),
        ),
        fill(color, 35),
      ]),
    ],
    { r: anim([0, 0], [OP, 90]), s: anim([0, [40, 40]], [20, [100, 100]]), o: fadeInOut() },
  );
/** Sparkles popping at seeded spots. */
const sparkles = (color, count, seed) => {
  let x = seed;
  const rnd = () => (x = (x * 9301 + 49297) % 233280) / 233280;
  return Array.from({ length: count }, (_, i) => {
    const at = 6 + Math.floor(rnd() * 60);
    return layer(`sparkle${i}`, [group([star(14, 5, 4), fill(i % 2 ? '#ffffff' : color)])], {
      p: [40 + rnd() * (W - 80), 40 + rnd() * (H - 80)],
      s: anim([at, [0, 0]], [at + 8, [120, 120]], [at + 20, [0, 0]]),
      r: anim([at, 0], [at + 20, 90]),
    });
  });
};
const glow = (color) =>
  layer('glow', [group([ellipse(360, 360), fill(color, 30)])], { s: anim([0, [20, 20]], [18, [110, 110]], [OP, [95, 95]]), o: fadeInOut() });

// ---- one animation per gift ----------------------------------------------------------------------
const GIFTS = {
  lollipop: () => [
    layer(
      'candy',
      [
        group([ellipse(150, 150), fill('#ff6fae')]),
        group([ellipse(110, 110), fill('#ffffff')]),
        group([ellipse(78, 78), fill('#7ad0ff')]),
        group([ellipse(40, 40), fill('#ffe066')]),
        group([rect(14, 170, 7, 0, 150), fill('#f4e2c8')]),
      ],
      {
        p: anim([0, [256, 560, 0]], [24, [256, 230, 0]], [40, [256, 250, 0]], [OP, [256, 240, 0]]),
        s: [140, 140],
        r: anim([0, -40], [OP, 320]),
        o: fadeInOut(),
      },
    ),
    ...sparkles('#ff6fae', 10, 7),
  ],
  rose: () => [
    glow('#ff4d6d'),
    layer('stem', [group([rect(10, 200, 5, 0, 120), fill('#2fa36b')]), group([ellipse(60, 26, 34, 110), fill('#3cc47f')], { r: -30 })], { o: fadeInOut() }),
    layer(
      'bloom',
      [
        ...Array.from({ length: 6 }, (_, i) => group([ellipse(70, 110, 0, -45), fill(i % 2 ? '#ff3b5c' : '#ff5c7a')], { r: i * 60 })),
        group([ellipse(70, 70), fill('#d91e48')]),
      ],
      { p: [256, 236], s: anim([0, [0, 0]], [26, [115, 115]], [36, [100, 100]]), r: anim([0, -90], [36, 0]), o: fadeInOut() },
    ),
    ...Array.from({ length: 6 }, (_, i) =>
      layer(`petal${i}`, [group([ellipse(22, 34), fill('#ff5c7a')])], {
        p: anim([30 + i * 6, [90 + i * 60, -20, 0]], [OP, [70 + i * 64, 540, 0]]),
        r: anim([30, 0], [OP, 240 * (i % 2 ? 1 : -1)]),
      }),
    ),
  ],
  heart: () => {
    // A heart: a square turned 45° with a circle on each upper edge.
    const heartPath = (size) => {
      const a = size * 1.05;
      const m = a / (2 * Math.SQRT2);
      return group([group([ellipse(a, a, -m, -m)]), group([ellipse(a, a, m, -m)]), group([rect(a, a)], { r: 45 })], { p: [0, size * 0.12] });
    };
    return [
      glow('#ff5c8a'),
      layer('heart', [group([heartPath(110), fill('#ff3f76')]), group([ellipse(40, 26, -55, -60), fill('#ffffff', 60)], { r: -30 })], {
        s: anim([0, [0, 0]], [16, [120, 120]], [24, [95, 95]], [32, [110, 110]], [40, [100, 100]], [56, [112, 112]], [64, [100, 100]]),
        o: fadeInOut(),
      }),
      ...Array.from({ length: 8 }, (_, i) =>
        layer(`mini${i}`, [group([heartPath(18), fill(i % 2 ? '#ff8fb1' : '#ff3f76')])], {
          p: anim([20 + i * 5, [80 + i * 50, 520, 0]], [OP, [60 + i * 55, 60, 0]]),
          o: anim([20 + i * 5, 0], [28 + i * 5, 100], [OP, 0]),
        }),
      ),
    ];
  },
  car: () => [
    ...Array.from({ length: 5 }, (_, i) =>
      layer(`speed${i}`, [group([rect(140, 6, 3), fill('#ffffff', 70)])], {
        p: anim([0, [600, 200 + i * 30, 0]], [40, [-100, 200 + i * 30, 0]]),
        o: fadeInOut(0, 60),
      }),
    ),
    layer(
      'car',
      [
        group([
          path(
            [
              [-150, 30],
              [-130, -20],
              [-70, -30],
              [-40, -75],
              [60, -75],
              [100, -30],
              [150, -20],
              [160, 30],
            ],
            0.05,
          ),
          fill('#ff3d5a'),
        ]),
        group([
          path([
            [-30, -65],
            [50, -65],
            [80, -32],
            [-55, -32],
          ]),
          fill('#bfe3ff'),
        ]),
        group([rect(26, 12, 4, 148, 0), fill('#ffe27a')]),
        ...[-90, 95].map((x) =>
          // Inside a group the first item is on top: the hub, then the tyre.
          group([group([rect(8, 26, 2), fill('#888888')]), group([ellipse(28, 28), fill('#d9d9d9')]), group([ellipse(64, 64), fill('#262626')])], {
            p: [x, 34],
            r: anim([0, 0], [OP, 1440]),
          }),
        ),
      ],
      { p: anim([0, [-260, 300, 0]], [30, [256, 300, 0]], [62, [256, 300, 0]], [OP, [800, 300, 0]]), s: [130, 130] },
    ),
    ...sparkles('#ffe27a', 6, 3),
  ],
  rocket: () => [
    ...Array.from({ length: 14 }, (_, i) =>
      layer(`star${i}`, [group([star(6, 3, 4), fill('#ffffff')])], { p: [(i * 97) % W, (i * 151) % H], o: anim([0, 0], [10 + (i % 5) * 6, 100], [OP, 30]) }),
    ),
    layer(
      'rocket',
      [
        group([
          path(
            [
              [0, -150],
              [55, -40],
              [50, 80],
              [-50, 80],
              [-55, -40],
            ],
            0.12,
          ),
          fill('#eef2ff'),
          stroke('#7b8cff', 6),
        ]),
        group([ellipse(50, 50, 0, -40), fill('#4d6bff')]),
        group([
          path([
            [-50, 30],
            [-95, 110],
            [-45, 90],
          ]),
          fill('#ff5c77'),
        ]),
        group([
          path([
            [50, 30],
            [95, 110],
            [45, 90],
          ]),
          fill('#ff5c77'),
        ]),
        group(
          [
            path(
              [
                [-28, 80],
                [28, 80],
                [0, 190],
              ],
              0.1,
            ),
            fill('#ffb84d'),
          ],
          { s: anim([0, [100, 80]], [4, [100, 130]], [8, [100, 85]], [12, [100, 125]], [16, [100, 90]], [20, [100, 130]]) },
        ),
        group([
          path([
            [-14, 80],
            [14, 80],
            [0, 150],
          ]),
          fill('#ff7a2f'),
        ]),
      ],
      {
        p: anim([0, [256, 700, 0]], [40, [256, 250, 0]], [62, [256, 230, 0]], [OP, [256, -320, 0]]),
        s: [150, 150],
        r: anim([0, -8], [30, 6], [50, -4], [62, 0]),
      },
    ),
    layer('smoke', [group([ellipse(120, 80), fill('#dfe4f5', 70)])], { p: [256, 470], s: anim([30, [0, 0]], [OP, [300, 160]]), o: anim([30, 80], [OP, 0]) }),
  ],
  crown: () => [
    rays('#ffd54a'),
    glow('#ffcf33'),
    layer(
      'crown',
      [
        group([
          path([
            [-130, -40],
            [-65, 10],
            [0, -90],
            [65, 10],
            [130, -40],
            [100, 90],
            [-100, 90],
          ]),
          fill('#ffc928'),
          stroke('#e0a100', 8),
        ]),
        group([rect(210, 30, 8, 0, 100), fill('#e0a100')]),
        group([ellipse(34, 34, 0, 40), fill('#e8304f')]),
        group([ellipse(24, 24, -60, 50), fill('#2f8cff')]),
        group([ellipse(24, 24, 60, 50), fill('#2f8cff')]),
      ],
      {
        p: anim([0, [256, -120, 0]], [22, [256, 270, 0]], [28, [256, 250, 0]], [34, [256, 262, 0]]),
        s: anim([22, [130, 130]], [28, [142, 120]], [36, [130, 130]]),
        o: fadeInOut(),
      },
    ),
    ...sparkles('#ffe27a', 12, 11),
  ],
  dragon: () => [
    rays('#ffb703'),
    ...Array.from({ length: 12 }, (_, i) => {
      const size = 70 - i * 4;
      const pts = Array.from({ length: 7 }, (_, k) => {
        const t = i * 3 + k * 15;
        return [t, [60 + k * 70 - i * 18, 256 + Math.sin((k + i * 0.6) * 1.3) * 90, 0]];
      });
      return layer(`body${i}`, [group([ellipse(size, size), fill(i === 0 ? '#ffb703' : i % 2 ? '#f4a000' : '#ffd166'), stroke('#b86e00', 4)])], {
        p: anim(...pts),
        o: fadeInOut(i * 2),
      });
    }),
    layer('eyes', [group([ellipse(12, 12, -12, -12), fill('#222222'), ellipse(12, 12, 12, -12), fill('#222222')])], {
      p: anim(...Array.from({ length: 7 }, (_, k) => [k * 15, [60 + k * 70, 256 + Math.sin(k * 1.3) * 90, 0]])),
      o: fadeInOut(),
    }),
    ...sparkles('#ffd166', 10, 5),
  ],
};

await mkdir(OUT, { recursive: true });
for (const [name, make] of Object.entries(GIFTS)) {
  ind = 0;
  const layers = make();
  const doc = { v: '5.7.4', fr: FR, ip: 0, op: OP, w: W, h: H, nm: name, ddd: 0, assets: [], layers: layers.reverse() };
  const json = JSON.stringify(doc);
  if (json.length > 100_000) throw new Error(`${name}: ${json.length} bytes, over 100 KB`);
  await writeFile(`${OUT}${name}.json`, json);
  console.log(`${name}.json ${json.length} bytes`);
}

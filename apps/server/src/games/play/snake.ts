import { seeded } from './rng.js';
import { runGame, type Game } from './shell.js';
import { onSwipe, type Dir } from './swipe.js';

const GRID = 16;
const POINTS = 10;

const CSS = `
.snake{width:min(100%,360px);aspect-ratio:1;border-radius:14px;background:#14301f;box-shadow:inset 0 0 0 2px rgba(255,255,255,.08);touch-action:none;display:block}
.pad{display:grid;grid-template-columns:repeat(3,52px);grid-template-rows:repeat(2,44px);gap:6px}
.pad button{border:0;border-radius:12px;background:rgba(255,255,255,.12);color:#fff;font-size:20px}
.pad button:active{background:rgba(255,255,255,.25)}
.pad .u{grid-column:2}.pad .l{grid-column:1;grid-row:2}.pad .d{grid-column:2;grid-row:2}.pad .r{grid-column:3;grid-row:2}
`;

const OPPOSITE: Record<Dir, Dir> = { up: 'down', down: 'up', left: 'right', right: 'left' };
const STEP: Record<Dir, [number, number]> = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

function game(): Game {
  let canvas: HTMLCanvasElement;
  let ctx: CanvasRenderingContext2D;
  let body: [number, number][] = [];
  let dir: Dir = 'right';
  let queued: Dir[] = [];
  let food: [number, number] = [0, 0];
  let score = 0;
  let rand = seeded(1);
  let timer: number | undefined;
  let events: { score(n: number): void; over(): void };

  const placeFood = () => {
    const free: [number, number][] = [];
    for (let x = 0; x < GRID; x++) for (let y = 0; y < GRID; y++) if (!body.some(([bx, by]) => bx === x && by === y)) free.push([x, y]);
    food = free[Math.floor(rand() * free.length)] ?? [0, 0];
  };
  const draw = () => {
    const s = canvas.width / GRID;
    ctx.fillStyle = '#14301f';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = 'rgba(255,255,255,.04)';
    for (let x = 0; x < GRID; x++) for (let y = 0; y < GRID; y++) if ((x + y) % 2 === 0) ctx.fillRect(x * s, y * s, s, s);
    ctx.fillStyle = '#ff6b6b';
    ctx.beginPath();
    ctx.arc(food[0] * s + s / 2, food[1] * s + s / 2, s * 0.38, 0, Math.PI * 2);
    ctx.fill();
    body.forEach(([x, y], i) => {
      ctx.fillStyle = i === 0 ? '#b7eb8f' : `hsl(${110 + (i % 6) * 4},60%,${52 - Math.min(i, 20)}%)`;
      ctx.beginPath();
      ctx.roundRect(x * s + 1, y * s + 1, s - 2, s - 2, s * 0.3);
      ctx.fill();
    });
  };
  const speed = () => Math.max(90, 200 - body.length * 4);
  const tick = () => {
    const next = queued.shift();
    if (next && next !== OPPOSITE[dir]) dir = next;
    const [dx, dy] = STEP[dir];
    const head: [number, number] = [body[0]![0] + dx, body[0]![1] + dy];
    const ate = head[0] === food[0] && head[1] === food[1];
    const hitsSelf = body.slice(0, ate ? body.length : body.length - 1).some(([x, y]) => x === head[0] && y === head[1]);
    if (head[0] < 0 || head[1] < 0 || head[0] >= GRID || head[1] >= GRID || hitsSelf) {
      timer = undefined;
      events.over();
      return;
    }
    body.unshift(head);
    if (ate) {
      score += POINTS;
      events.score(score);
      placeFood();
    } else body.pop();
    draw();
    timer = window.setTimeout(tick, speed());
  };
  const turn = (d: Dir) => {
    if (timer !== undefined && queued.length < 3) queued.push(d);
  };
  return {
    css: CSS,
    mount(stage, foot, ev) {
      events = ev;
      canvas = document.createElement('canvas');
      canvas.className = 'snake';
      const px = Math.min(360, stage.clientWidth || 340) * (window.devicePixelRatio || 1);
      canvas.width = canvas.height = Math.round(px / GRID) * GRID;
      ctx = canvas.getContext('2d')!;
      stage.append(canvas);
      const pad = document.createElement('div');
      pad.className = 'pad';
      for (const [cls, d, label] of [
        ['u', 'up', '▲'],
        ['l', 'left', '◀'],
        ['d', 'down', '▼'],
        ['r', 'right', '▶'],
      ] as const) {
        const b = document.createElement('button');
        b.className = cls;
        b.textContent = label;
        b.setAttribute('aria-label', d);
        b.addEventListener('pointerdown', (e) => {
          e.preventDefault();
          turn(d);
        });
        pad.append(b);
      }
      foot.append(pad);
      onSwipe(stage, turn);
      body = [
        [5, 8],
        [4, 8],
        [3, 8],
      ];
      placeFood();
      draw();
    },
    start(seed) {
      rand = seeded(seed);
      body = [
        [5, 8],
        [4, 8],
        [3, 8],
      ];
      dir = 'right';
      queued = [];
      score = 0;
      placeFood();
      draw();
      clearTimeout(timer);
      timer = window.setTimeout(tick, 400);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
    pause() {
      clearTimeout(timer);
    },
    resume() {
      if (timer !== undefined) timer = window.setTimeout(tick, speed());
    },
  };
}

runGame(
  {
    emoji: '🐍',
    name: { 'zh-CN': '贪吃蛇', en: 'Snake' },
    howTo: {
      'zh-CN': '滑动或点方向键转向，吃到果子 +10 分，越长越快；撞墙或撞到自己即结束。',
      en: 'Swipe or tap the arrows to turn. Each fruit is +10 and the snake speeds up; hitting a wall or yourself ends the game.',
    },
  },
  game(),
);

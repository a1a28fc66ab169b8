import { seeded } from './rng.js';
import { runGame, type Game } from './shell.js';
import { canMove, move, N, type Board } from './g2048.logic.js';
import { onSwipe } from './swipe.js';

const CSS = `
.b2048{position:relative;width:min(100%,360px);aspect-ratio:1;background:#4a3785;border-radius:14px;padding:8px;display:grid;grid-template-columns:repeat(4,1fr);grid-template-rows:repeat(4,1fr);gap:8px;touch-action:none}
.b2048 .t{border-radius:10px;background:rgba(255,255,255,.08);display:flex;align-items:center;justify-content:center;font-weight:800;font-size:clamp(18px,8vw,34px);color:#3b2a1a;transition:transform .08s}
.b2048 .t.pop{transform:scale(1.08)}
.b2048 .t2{background:#eee4da}
.b2048 .t4{background:#ede0c8}
.b2048 .t8{background:#f2b179;color:#fff}
.b2048 .t16{background:#f59563;color:#fff}
.b2048 .t32{background:#f67c5f;color:#fff}
.b2048 .t64{background:#f65e3b;color:#fff}
.b2048 .t128{background:#edcf72;color:#fff;font-size:clamp(16px,7vw,28px)}
.b2048 .t256{background:#edcc61;color:#fff;font-size:clamp(16px,7vw,28px)}
.b2048 .t512{background:#edc850;color:#fff;font-size:clamp(16px,7vw,28px)}
.b2048 .t1024,.b2048 .t2048,.b2048 .tbig{background:#edc22e;color:#fff;font-size:clamp(14px,6vw,24px)}
`;

function game(): Game {
  let board: Board = new Array(N * N).fill(0);
  let score = 0;
  let rand = seeded(1);
  let live = false;
  let cells: HTMLElement[] = [];
  let events: { score(n: number): void; over(): void };

  const spawn = () => {
    const empty = board.map((v, i) => (v === 0 ? i : -1)).filter((i) => i >= 0);
    if (empty.length === 0) return -1;
    const at = empty[Math.floor(rand() * empty.length)]!;
    board[at] = rand() < 0.9 ? 2 : 4;
    return at;
  };
  const draw = (popped: number[] = []) => {
    board.forEach((v, i) => {
      const el = cells[i]!;
      el.textContent = v ? String(v) : '';
      el.className = `t${v ? ` t${v > 2048 ? 'big' : v}` : ''}${popped.includes(i) ? ' pop' : ''}`;
    });
    setTimeout(() => cells.forEach((c) => c.classList.remove('pop')), 90);
  };
  return {
    css: CSS,
    mount(stage, foot, ev) {
      events = ev;
      const el = document.createElement('div');
      el.className = 'b2048';
      el.dataset.testid = 'board';
      cells = Array.from({ length: N * N }, () => el.appendChild(document.createElement('div')));
      stage.append(el);
      const hint = document.createElement('span');
      hint.className = 'g-hint';
      hint.textContent = document.documentElement.lang === 'en' ? 'Swipe to merge tiles' : '滑动屏幕合并方块';
      foot.append(hint);
      onSwipe(stage, (d) => {
        if (!live) return;
        const r = move(board, d);
        if (!r.moved) return;
        board = r.board;
        score += r.points;
        const born = spawn();
        draw([born]);
        events.score(score);
        if (!canMove(board)) {
          live = false;
          setTimeout(() => events.over(), 400);
        }
      });
      draw();
    },
    start(seed) {
      rand = seeded(seed);
      board = new Array(N * N).fill(0);
      score = 0;
      const a = spawn();
      const b = spawn();
      draw([a, b]);
      live = true;
    },
    stop() {
      live = false;
    },
  };
}

runGame(
  {
    emoji: '🔢',
    name: { 'zh-CN': '2048', en: '2048' },
    howTo: {
      'zh-CN': '上下左右滑动，相同数字相撞合并，合并得分。无法移动时游戏结束。',
      en: 'Swipe to slide the tiles; equal numbers merge and score. The game ends when no move is left.',
    },
  },
  game(),
);

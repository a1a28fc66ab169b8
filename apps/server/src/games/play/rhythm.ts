import { seeded } from './rng.js';
import { runGame, type Game } from './shell.js';

const LANES = 3;
const FALL_MS = 1600; // time a note takes from the top to the hit line
const PERFECT_MS = 70;
const GOOD_MS = 140;
const LIVES = 5;
const COLORS = ['#ff7ab6', '#7ad7ff', '#ffd666'];
const KEYS: Record<string, number> = { a: 0, s: 1, d: 2, j: 0, k: 1, l: 2, '1': 0, '2': 1, '3': 2, ArrowLeft: 0, ArrowDown: 1, ArrowRight: 2 };

const CSS = `
.rh{position:relative;width:min(100%,360px);height:100%;max-height:520px;border-radius:14px;overflow:hidden;background:linear-gradient(180deg,#1d0f3d,#2c1763);display:grid;grid-template-columns:repeat(3,1fr)}
.rh .lane{position:relative;border-right:1px solid rgba(255,255,255,.06)}
.rh .lane:last-child{border-right:0}
.rh .line{position:absolute;left:0;right:0;bottom:84px;height:4px;background:rgba(255,255,255,.5);box-shadow:0 0 12px #fff}
.rh .note{position:absolute;left:12%;width:76%;height:22px;margin-top:-11px;border-radius:11px;box-shadow:0 0 14px currentColor}
.rh .pad{position:absolute;left:6%;right:6%;bottom:10px;height:64px;border-radius:14px;border:2px solid currentColor;background:rgba(255,255,255,.06);display:flex;align-items:center;justify-content:center;font-weight:700;font-size:13px;opacity:.85}
.rh .pad.hit{background:rgba(255,255,255,.22);transform:scale(.96)}
.rh .judge{position:absolute;left:0;right:0;top:38%;text-align:center;font-size:26px;font-weight:800;letter-spacing:2px;pointer-events:none;text-shadow:0 2px 10px rgba(0,0,0,.5)}
.rh-lives{font-size:16px;letter-spacing:2px}
`;

interface Note {
  lane: number;
  at: number;
  el: HTMLElement;
  done: boolean;
}

function game(): Game {
  let lanes: HTMLElement[] = [];
  let pads: HTMLElement[] = [];
  let judge: HTMLElement;
  let livesEl: HTMLElement;
  let notes: Note[] = [];
  let rand = seeded(1);
  let t0 = 0;
  let nextAt = 0;
  let score = 0;
  let combo = 0;
  let lives = LIVES;
  let raf = 0;
  let pausedAt = 0;
  let events: { score(n: number): void; over(): void };
  const en = () => document.documentElement.lang === 'en';

  const say = (text: string, color: string) => {
    judge.textContent = text;
    judge.style.color = color;
  };
  const showLives = () => (livesEl.textContent = '♥'.repeat(lives) + '♡'.repeat(LIVES - lives));
  const miss = (n: Note) => {
    n.done = true;
    n.el.remove();
    combo = 0;
    lives--;
    showLives();
    say(en() ? 'MISS' : '错过', '#ff9c9c');
    if (lives <= 0) {
      cancelAnimationFrame(raf);
      raf = 0;
      events.over();
    }
  };
  const frame = (now: number) => {
    const t = now - t0;
    // Notes come faster as the song goes on (every 900 ms at first, 320 ms at the quickest).
    while (nextAt < t + FALL_MS) {
      const lane = Math.floor(rand() * LANES);
      const el = document.createElement('div');
      el.className = 'note';
      el.style.background = el.style.color = COLORS[lane]!;
      lanes[lane]!.append(el);
      notes.push({ lane, at: nextAt, el, done: false });
      nextAt += Math.max(320, 900 - nextAt / 60) * (rand() < 0.2 ? 0.5 : 1);
    }
    const h = lanes[0]!.clientHeight - 84;
    for (const n of notes) {
      if (n.done) continue;
      const y = h * (1 - (n.at - t) / FALL_MS);
      n.el.style.top = `${y}px`;
      if (t - n.at > GOOD_MS) miss(n);
    }
    notes = notes.filter((n) => !n.done);
    if (raf) raf = requestAnimationFrame(frame);
  };
  const tap = (lane: number) => {
    if (!raf) return;
    const pad = pads[lane]!;
    pad.classList.add('hit');
    setTimeout(() => pad.classList.remove('hit'), 90);
    const t = performance.now() - t0;
    const n = notes.find((x) => !x.done && x.lane === lane && Math.abs(x.at - t) <= GOOD_MS);
    if (!n) return;
    const off = Math.abs(n.at - t);
    n.done = true;
    n.el.remove();
    combo++;
    score += (off <= PERFECT_MS ? 10 : 5) + Math.min(combo, 10);
    say(off <= PERFECT_MS ? (en() ? 'PERFECT' : '完美') : en() ? 'GOOD' : '不错', off <= PERFECT_MS ? '#ffd666' : '#7ad7ff');
    events.score(score);
  };
  return {
    css: CSS,
    mount(stage, foot, ev) {
      events = ev;
      const box = document.createElement('div');
      box.className = 'rh';
      lanes = [];
      pads = [];
      for (let i = 0; i < LANES; i++) {
        const lane = document.createElement('div');
        lane.className = 'lane';
        lane.style.color = COLORS[i]!;
        const pad = document.createElement('div');
        pad.className = 'pad';
        pad.textContent = ['A', 'S', 'D'][i]!;
        pad.dataset.lane = String(i);
        lane.append(pad);
        lane.addEventListener('pointerdown', (e) => {
          e.preventDefault();
          tap(i);
        });
        lanes.push(lane);
        pads.push(pad);
        box.append(lane);
      }
      const line = document.createElement('div');
      line.className = 'line';
      judge = document.createElement('div');
      judge.className = 'judge';
      box.append(line, judge);
      stage.append(box);
      livesEl = document.createElement('span');
      livesEl.className = 'rh-lives';
      foot.append(livesEl);
      showLives();
      window.addEventListener('keydown', (e) => {
        const lane = KEYS[e.key];
        if (lane !== undefined) tap(lane);
      });
    },
    start(seed) {
      rand = seeded(seed);
      notes.forEach((n) => n.el.remove());
      notes = [];
      score = 0;
      combo = 0;
      lives = LIVES;
      showLives();
      say('', '#fff');
      t0 = performance.now() + 600;
      pausedAt = 0;
      nextAt = 0;
      raf = requestAnimationFrame(frame);
    },
    stop() {
      cancelAnimationFrame(raf);
      raf = 0;
    },
    pause() {
      if (!raf) return;
      cancelAnimationFrame(raf);
      raf = 0;
      pausedAt = performance.now();
    },
    resume() {
      if (raf || pausedAt === 0) return;
      // The song goes on from where it stopped.
      t0 += performance.now() - pausedAt;
      pausedAt = 0;
      raf = requestAnimationFrame(frame);
    },
  };
}

runGame(
  {
    emoji: '🎵',
    name: { 'zh-CN': '节奏大师', en: 'Rhythm Tap' },
    howTo: {
      'zh-CN': '音符落到白线时点击对应的轨道：完美 +10，不错 +5，连击另有加分；错过 5 次结束。',
      en: 'Tap a lane as its note reaches the white line: perfect +10, good +5, plus a combo bonus. Five misses end the game.',
    },
  },
  game(),
);

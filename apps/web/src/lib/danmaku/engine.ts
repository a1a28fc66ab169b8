import { DENSITY, type DanmakuDensity } from './layout';
import { LaneBoard, usableLanes } from './lanes';

/** One line to fly. */
export interface DanmakuLine {
  id: string;
  text: string;
  /** gift: highlighted; mine: outlined (the viewer's own line). */
  kind: 'chat' | 'gift' | 'mine';
}

export interface EngineOptions {
  density: DanmakuDensity;
  /** Pixels of the host's height not to fly over ([top, bottom], host coordinates), or null. */
  blocked: [number, number] | null;
}

/** Milliseconds a line takes to cross the stage, whatever its length (longer lines go faster). */
export const CROSS_MS = 8000;
export const LANE_HEIGHT = 30;
/** Horizontal padding of a line (px each side), set inline so what is measured is what is drawn. */
const PAD: Record<DanmakuLine['kind'], number> = { chat: 6, mine: 10, gift: 12 };
/** Lines waiting for a lane at most; older ones give way. */
const QUEUE_MAX = 40;

interface Waiting {
  line: DanmakuLine;
  width: number;
  until: number;
}

/**
 * Flies danmaku over a host element without React and without layout per frame: a line's width is
 * measured on a canvas in the host's font (no reflow), its lane chosen by LaneBoard, and it crosses
 * with a linear Web Animation of `transform` only, which the compositor runs. Lines that find no
 * lane wait up to the density's wait, then are dropped, as on Bilibili. A replay pauses and resumes
 * it with its video, and clears it on a seek.
 */
export class DanmakuEngine {
  private readonly board: LaneBoard;
  private readonly ctx: CanvasRenderingContext2D | null;
  private readonly anims = new Set<Animation>();
  private queue: Waiting[] = [];
  private opts: EngineOptions;
  private width = 0;
  private paused = false;
  /** The engine's clock stops while paused, so lanes stay consistent with what is on screen. */
  private pausedAt = 0;
  private pausedFor = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private font = '';

  constructor(
    private readonly host: HTMLElement,
    opts: EngineOptions,
  ) {
    this.opts = opts;
    this.ctx = document.createElement('canvas').getContext('2d');
    this.board = new LaneBoard(0, [], CROSS_MS);
    this.measure();
  }

  private now(): number {
    return (this.paused ? this.pausedAt : performance.now()) - this.pausedFor;
  }

  /** Reads the host's size and font again (mount, resize); lines in flight keep going. */
  measure(): void {
    const rect = this.host.getBoundingClientRect();
    this.width = rect.width;
    const cs = getComputedStyle(this.host);
    this.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const d = DENSITY[this.opts.density];
    this.board.reshape(this.width, usableLanes(rect.height, LANE_HEIGHT, d.lanes, this.opts.blocked));
  }

  setOptions(opts: EngineOptions): void {
    this.opts = opts;
    this.measure();
  }

  /** Queues a line; it flies as soon as a lane is free (now, mostly). */
  push(line: DanmakuLine): void {
    if (this.width === 0) return;
    if (this.ctx) this.ctx.font = this.font;
    const text = this.ctx ? this.ctx.measureText(line.text).width : line.text.length * 16;
    const width = Math.ceil(text) + 2 * PAD[line.kind] + (line.kind === 'chat' ? 0 : 3);
    const w: Waiting = { line, width, until: this.now() + DENSITY[this.opts.density].waitMs };
    if (!this.paused && this.launch(w)) return;
    if (DENSITY[this.opts.density].waitMs === 0 && !this.paused) return;
    this.queue.push(w);
    if (this.queue.length > QUEUE_MAX) this.queue.splice(0, this.queue.length - QUEUE_MAX);
    this.schedule();
  }

  private launch(w: Waiting): boolean {
    const f = this.board.place(w.width, this.now());
    if (!f) return false;
    const el = document.createElement('span');
    el.className = `danmaku__item danmaku__item--${w.line.kind}`;
    el.textContent = w.line.text;
    el.dataset.lane = String(f.lane);
    el.style.padding = `0 ${PAD[w.line.kind]}px`;
    el.style.top = `${f.lane * LANE_HEIGHT}px`;
    el.style.width = `${w.width}px`;
    this.host.appendChild(el);
    const a = el.animate([{ transform: `translate3d(${this.width}px,0,0)` }, { transform: `translate3d(${-w.width}px,0,0)` }], {
      duration: (this.width + w.width) / f.speed,
      easing: 'linear',
      fill: 'backwards',
    });
    // Started at the moment its lane was chosen, not at the next frame: a janky frame would start
    // lines late by different amounts, and a later line could catch an earlier one.
    a.startTime = performance.now();
    this.anims.add(a);
    a.onfinish = () => {
      this.anims.delete(a);
      el.remove();
    };
    return true;
  }

  /** Tries the waiting lines again a little later, dropping those past their wait. */
  private schedule(): void {
    if (this.timer !== null || this.paused) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const now = this.now();
      this.queue = this.queue.filter((w) => w.until >= now && !this.launch(w));
      if (this.queue.length > 0) this.schedule();
    }, 120);
  }

  pause(): void {
    if (this.paused) return;
    this.pausedAt = performance.now();
    this.paused = true;
    for (const a of this.anims) a.pause();
  }

  resume(): void {
    if (!this.paused) return;
    this.pausedFor += performance.now() - this.pausedAt;
    this.paused = false;
    for (const a of this.anims) a.play();
    if (this.queue.length > 0) this.schedule();
  }

  /** Takes every line off the stage (a seek, the switch turned off). */
  clear(): void {
    for (const a of this.anims) a.cancel();
    this.anims.clear();
    this.host.replaceChildren();
    this.queue = [];
    this.board.clear();
  }

  destroy(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.clear();
  }
}

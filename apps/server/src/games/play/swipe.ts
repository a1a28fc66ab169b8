export type Dir = 'up' | 'down' | 'left' | 'right';

const KEYS: Record<string, Dir> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  w: 'up',
  s: 'down',
  a: 'left',
  d: 'right',
  W: 'up',
  S: 'down',
  A: 'left',
  D: 'right',
};

/** Swipes on `el` (at least 24 px) and arrow / WASD keys, as directions. */
export function onSwipe(el: HTMLElement, fn: (d: Dir) => void): void {
  let x = 0;
  let y = 0;
  el.addEventListener('pointerdown', (e) => {
    x = e.clientX;
    y = e.clientY;
  });
  el.addEventListener('pointerup', (e) => {
    const dx = e.clientX - x;
    const dy = e.clientY - y;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return;
    fn(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up');
  });
  window.addEventListener('keydown', (e) => {
    const d = KEYS[e.key];
    if (d) {
      e.preventDefault();
      fn(d);
    }
  });
}

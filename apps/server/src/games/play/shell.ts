import { call, type CallError, lang, requestId, tellParent, type WalletState } from './api.js';
import { SHELL_CSS } from './shell.css.js';

/** What a game gives the shell: it draws into `stage` and reports its score and its end. */
export interface Game {
  css: string;
  /** Builds the game's elements once. */
  mount(stage: HTMLElement, foot: HTMLElement, events: { score(n: number): void; over(): void }): void;
  /** A new round from its seed (the same seed plays the same round). */
  start(seed: number): void;
  /** Stops timers and input (the round ended). */
  stop(): void;
  /** Holds a running round (a dialog over the game, the page hidden); `resume` goes on from there. */
  pause?(): void;
  resume?(): void;
}

export interface GameInfo {
  emoji: string;
  name: Record<'zh-CN' | 'en', string>;
  howTo: Record<'zh-CN' | 'en', string>;
}

const T = {
  'zh-CN': {
    score: '得分',
    best: '最高',
    coin: '游戏币',
    start: '开始游戏',
    again: '再玩一局',
    end: '结束本局',
    entry: '入场',
    rewardMax: '单局最高奖励',
    perCoin: '分/金币',
    over: '游戏结束',
    reward: '奖励',
    capped: '（已达今日奖励上限）',
    submitting: '结算中…',
    today: '今日奖励',
    noCoins: '游戏币不足，请先转入金币',
    refused: '成绩无效',
  },
  en: {
    score: 'Score',
    best: 'Best',
    coin: 'Game coins',
    start: 'Start',
    again: 'Play again',
    end: 'End round',
    entry: 'Entry',
    rewardMax: 'Max reward',
    perCoin: 'pts/coin',
    over: 'Game over',
    reward: 'Reward',
    capped: ' (daily reward cap reached)',
    submitting: 'Scoring…',
    today: 'Rewards today',
    noCoins: 'Not enough game coins: move coins in first',
    refused: 'Score refused',
  },
}[lang];

const coins = (v: number) => (v / 10_000).toFixed(v % 10_000 === 0 ? 0 : 2);

interface Rules {
  entry: number;
  reward_max: number;
  points_per_coin: number;
}

/** The test hook (e2e drives a round to a score through it). */
declare global {
  interface Window {
    __game?: { state: string; score: number; start(): Promise<void>; end(): Promise<void> };
  }
}

/**
 * The chrome every game shares: score, best and game-wallet bar; the start card (entry, reward
 * rule); a round on the games host (entry paid at start, score reported at the end); the result
 * card (score, reward) with replay. Tells the app around it the wallet after every change.
 */
export function runGame(info: GameInfo, game: Game): void {
  const style = document.createElement('style');
  style.textContent = SHELL_CSS + game.css;
  document.head.append(style);
  document.documentElement.lang = lang;
  document.title = info.name[lang];
  const root = document.getElementById('game')!;
  root.innerHTML = `
    <div class="g-bar">
      <div class="g-stat"><b data-id="score">0</b><span>${T.score}</span></div>
      <div class="g-stat"><b data-id="best">0</b><span>${T.best}</span></div>
      <div class="g-stat g-stat--coin"><b data-id="coin">–</b><span>${T.coin}</span></div>
    </div>
    <div class="g-stage"></div>
    <div class="g-foot"></div>
    <div class="g-over" data-id="card"><div class="g-card">
      <div class="g-emoji">${info.emoji}</div>
      <h1 data-id="title">${info.name[lang]}</h1>
      <div data-id="result" hidden><div class="g-score" data-id="final">0</div><p class="g-reward" data-id="reward"></p><p class="g-today" data-id="today"></p></div>
      <p data-id="howto">${info.howTo[lang]}</p>
      <div class="g-rules">
        <div><b data-id="entry">–</b>${T.entry}</div>
        <div><b data-id="max">–</b>${T.rewardMax}</div>
        <div><b data-id="ppc">–</b>${T.perCoin}</div>
      </div>
      <button class="g-btn" data-id="go">${T.start}</button>
      <div class="g-err" data-id="err"></div>
    </div></div>`;
  const $ = (id: string) => root.querySelector<HTMLElement>(`[data-id="${id}"]`)!;
  const stage = root.querySelector<HTMLElement>('.g-stage')!;
  const foot = root.querySelector<HTMLElement>('.g-foot')!;
  const bestKey = `game-best:${location.pathname}`;
  let best = Number(localStorage.getItem(bestKey) ?? 0) || 0;
  $('best').textContent = String(best);

  let state: 'idle' | 'starting' | 'playing' | 'ending' | 'over' = 'idle';
  let score = 0;
  let roundId = 0;

  const showWallet = (w: WalletState) => {
    $('coin').textContent = coins(w.balance);
    tellParent({ type: 'game:wallet', wallet: w });
  };
  const setScore = (n: number) => {
    score = n;
    $('score').textContent = String(n);
    if (n > best) {
      best = n;
      $('best').textContent = String(n);
      localStorage.setItem(bestKey, String(n));
    }
  };

  const endBtn = document.createElement('button');
  endBtn.className = 'g-btn g-btn--ghost';
  endBtn.textContent = T.end;
  endBtn.dataset.id = 'end';
  endBtn.hidden = true;

  game.mount(stage, foot, { score: (n) => state === 'playing' && setScore(n), over: () => void end() });
  foot.append(endBtn);

  async function start(): Promise<void> {
    if (state === 'starting' || state === 'playing' || state === 'ending') return;
    state = 'starting';
    $('err').textContent = '';
    ($('go') as HTMLButtonElement).disabled = true;
    try {
      const r = await call<WalletState & { round_id: number; seed: number }>('round/start', { request_id: requestId() });
      roundId = r.round_id;
      showWallet(r);
      setScore(0);
      $('card').hidden = true;
      endBtn.hidden = false;
      state = 'playing';
      tellParent({ type: 'game:round', state: 'playing' });
      game.start(r.seed);
    } catch (err) {
      state = 'idle';
      const e = err as CallError;
      $('err').textContent = e.code === 10400 ? T.noCoins : e.message;
      if (e.code === 10400) tellParent({ type: 'game:need-coins' });
    } finally {
      ($('go') as HTMLButtonElement).disabled = false;
    }
  }

  async function end(): Promise<void> {
    if (state !== 'playing') return;
    state = 'ending';
    held = false;
    game.stop();
    endBtn.hidden = true;
    $('title').textContent = T.over;
    $('result').hidden = false;
    $('howto').hidden = true;
    $('final').textContent = String(score);
    $('reward').textContent = T.submitting;
    $('go').textContent = T.again;
    $('card').hidden = false;
    try {
      const r = await call<WalletState & { reward: number; capped: boolean }>('round/score', { round_id: roundId, score });
      $('reward').textContent = `${T.reward} +${coins(r.reward)}${r.capped ? T.capped : ''}`;
      $('reward').dataset.reward = String(r.reward);
      $('today').textContent = `${T.today} ${coins(r.reward_today)} / ${coins(r.reward_cap)}`;
      showWallet(r);
    } catch (err) {
      $('reward').textContent = `${T.refused}: ${(err as Error).message}`;
    }
    state = 'over';
    tellParent({ type: 'game:round', state: 'over' });
  }

  $('go').addEventListener('click', () => void start());
  endBtn.addEventListener('click', () => void end());
  let held = false;
  const hold = (on: boolean) => {
    if (state !== 'playing' || held === on) return;
    held = on;
    if (on) game.pause?.();
    else game.resume?.();
  };
  // The app around the game: coins moved in (read the wallet again), a dialog over the game (hold it).
  window.addEventListener('message', (e) => {
    const type = (e.data as { type?: string } | null)?.type;
    if (type === 'game:refresh') void call<WalletState>('balance', {}).then(showWallet, () => undefined);
    if (type === 'game:pause' || type === 'game:resume') hold(type === 'game:pause');
  });
  document.addEventListener('visibilitychange', () => hold(document.hidden));
  call<WalletState & { game: Rules }>('balance', {}).then(
    (r) => {
      showWallet(r);
      $('entry').textContent = coins(r.game.entry);
      $('max').textContent = coins(r.game.reward_max);
      $('ppc').textContent = String(r.game.points_per_coin);
    },
    (err: Error) => ($('err').textContent = err.message),
  );

  window.__game = {
    get state() {
      return state;
    },
    get score() {
      return score;
    },
    start,
    end,
  };
}

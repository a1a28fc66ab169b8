import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GameWallet, gamesHostCalls, RouteData } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { beaconTransOut, gamesCall } from '../../lib/gamesApi';
import { showToast } from '../../lib/toast';
import { invalidateMoney, newRequestId } from '../../state/queries/finance';
import { formatCoins } from '../../lib/money';

type Login = RouteData<(typeof gamesHostCalls)['f4Login']>;

/** Messages the game page sends up (games host `play/api.ts`). */
type GameMessage = { type: 'game:wallet'; wallet: GameWallet } | { type: 'game:need-coins' } | { type: 'game:round'; state: 'playing' | 'over' };

/**
 * One visit to a game: opens a game session with the platform token (what an earlier visit left
 * comes back first), moves coins in, follows the game page's wallet, and moves everything back
 * when the visit ends — leaving the screen, or the tab closing (a beacon).
 */
export function useGameSession(base: string | null, code: string, onNeedCoins: () => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [login, setLogin] = useState<Login | null>(null);
  const [wallet, setWallet] = useState<GameWallet | null>(null);
  const [error, setError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const live = useRef<{ session: string; left: boolean } | null>(null);
  const needCoins = useRef(onNeedCoins);
  needCoins.current = onNeedCoins;

  useEffect(() => {
    if (!base) return;
    let gone = false;
    setError(false);
    gamesCall(base, 'f4Login', { game: code }).then(
      (r) => {
        if (gone) {
          // Left before the answer: give back what the login returned, and close at once.
          beaconTransOut(base, { session: r.session, request_id: newRequestId(), close: true });
          return;
        }
        live.current = { session: r.session, left: false };
        setLogin(r);
        setWallet(r);
        if (r.returned > 0) showToast(t('game.returned', { n: formatCoins(r.returned) }));
        if (r.returned > 0) invalidateMoney(qc);
        if (r.balance < r.game.entry) needCoins.current();
      },
      () => !gone && setError(true),
    );
    return () => {
      gone = true;
    };
  }, [base, code, attempt, qc, t]);

  /** Everything back to the main wallet, once, as the visit ends. */
  const leave = useCallback(
    (how: 'call' | 'beacon') => {
      const cur = live.current;
      if (!base || !cur || cur.left) return;
      cur.left = true;
      const body = { session: cur.session, request_id: newRequestId(), close: true };
      if (how === 'beacon') {
        beaconTransOut(base, body);
        return;
      }
      void gamesCall(base, 'f4TransOut', body, { silent: true }).then(
        (r) => {
          if (r.amount > 0) showToast(t('game.backToWallet', { n: formatCoins(r.amount) }), 'success');
          invalidateMoney(qc);
        },
        () => beaconTransOut(base, body),
      );
    },
    [base, qc, t],
  );

  useEffect(() => {
    const onHide = (e: PageTransitionEvent) => {
      if (!e.persisted) leave('beacon');
    };
    const onMessage = (e: MessageEvent) => {
      const m = e.data as GameMessage | null;
      if (!m || typeof m !== 'object' || !base || !base.startsWith(e.origin)) return;
      if (m.type === 'game:wallet') setWallet(m.wallet);
      if (m.type === 'game:need-coins') needCoins.current();
      if (m.type === 'game:round') setPlaying(m.state === 'playing');
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('message', onMessage);
      leave('call');
    };
  }, [base, leave]);

  const transferIn = useCallback(
    async (amount: number) => {
      const cur = live.current;
      if (!base || !cur) return false;
      try {
        const r = await gamesCall(base, 'f4TransIn', { session: cur.session, amount, request_id: newRequestId() });
        setWallet(r);
        invalidateMoney(qc);
        return true;
      } catch {
        return false;
      }
    },
    [base, qc],
  );

  return { login, wallet, error, playing, retry: () => setAttempt((n) => n + 1), transferIn };
}

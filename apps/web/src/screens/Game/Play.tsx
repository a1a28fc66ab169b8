import { useEffect, useRef, useState, type RefObject } from 'react';
import { Dialog } from 'antd-mobile';
import { AddCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useBlocker, useSearchParams } from 'react-router';
import { LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { gamesBase } from '../../lib/gamesApi';
import { useWallet } from '../../state/queries/finance';
import { useGames } from '../../state/queries/games';
import { formatCoins } from '../../lib/money';
import { TransferSheet } from './parts/TransferSheet';
import { useGameSession } from './useGameSession';
import './game.css';

/**
 * Game play (/pages/game/game?code=…), full width: the game page of the games host in a frame,
 * the game wallet in the bar (tap to move coins in), everything back to the wallet on leaving.
 */
export default function GamePlay() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const games = useGames();
  const game = games.list.find((g) => g.code === code);
  const base = game ? gamesBase(game.host) : null;
  const wallet = useWallet();
  const [sheet, setSheet] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const s = useGameSession(base, code, () => setSheet(true));
  const name = game ? t(`game.names.${game.code}`, { defaultValue: game.name }) : t('page.gamePlay');
  const src = s.login ? `${s.login.launch_url}${i18n.language === 'en' ? '&lang=en' : ''}` : null;
  return (
    <PageFrame
      title={name}
      className="game-play"
      right={
        <button type="button" className="game-balance" data-testid="game-balance" onClick={() => setSheet(true)} disabled={!s.login}>
          <span className="game-balance__coin">🪙</span>
          <b>{s.wallet ? formatCoins(s.wallet.balance) : '–'}</b>
          <AddCircleOutline />
        </button>
      }
    >
      {/* Mounted only during a round: a blocker registered at other times made every back gesture warn. */}
      {s.playing && <LeaveGuard frame={frame} />}
      {games.isPending ? (
        <PageLoading />
      ) : !game ? (
        <LoadError title={t('game.notFound')} onRetry={() => void games.refetch()} />
      ) : s.error ? (
        <LoadError onRetry={s.retry} />
      ) : !src ? (
        <PageLoading />
      ) : (
        <iframe
          ref={frame}
          className="game-frame"
          src={src}
          title={name}
          data-testid="game-frame"
          allow="autoplay"
          // Coins moved in while the game page was still loading: it reads its wallet once more.
          onLoad={() => frame.current?.contentWindow?.postMessage({ type: 'game:refresh' }, '*')}
        />
      )}
      <TransferSheet
        open={sheet}
        onClose={() => setSheet(false)}
        coin={wallet.data?.coin}
        balance={s.wallet?.balance ?? 0}
        entry={s.login?.game.entry ?? game?.entry ?? 0}
        onConfirm={async (amount) => {
          const ok = await s.transferIn(amount);
          // The game page shows the game wallet too: it reads it again.
          if (ok) frame.current?.contentWindow?.postMessage({ type: 'game:refresh' }, '*');
          return ok;
        }}
      />
    </PageFrame>
  );
}

/** Leaving in the middle of a round forfeits it (its entry is paid): asks first, pausing the game meanwhile. */
function LeaveGuard({ frame }: { frame: RefObject<HTMLIFrameElement | null> }) {
  const { t } = useTranslation();
  const blocker = useBlocker(true);
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const tell = (type: 'game:pause' | 'game:resume') => frame.current?.contentWindow?.postMessage({ type }, '*');
    tell('game:pause');
    void Dialog.confirm({ content: t('game.leaveConfirm'), confirmText: t('game.leave'), cancelText: t('game.stay') }).then((leave) => {
      const b = blockerRef.current;
      if (b.state !== 'blocked') return;
      if (leave) b.proceed();
      else {
        b.reset();
        tell('game:resume');
      }
    });
  }, [blocker.state, frame, t]);
  return null;
}

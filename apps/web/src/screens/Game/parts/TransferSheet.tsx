import { useEffect, useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { formatCoins } from '../../../lib/money';

const CHOICES = [5, 10, 20, 50];
const C = 10_000;

interface Props {
  open: boolean;
  onClose: () => void;
  /** Coins in the main wallet (× 10000), when known. */
  coin: number | undefined;
  /** Coins in the game wallet. */
  balance: number;
  entry: number;
  onConfirm: (amount: number) => Promise<boolean>;
}

/** 转入游戏币: pick an amount from the main wallet for the game wallet; it all goes back when the player leaves. */
export function TransferSheet({ open, onClose, coin, balance, entry, onConfirm }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const affordable = CHOICES.filter((n) => coin === undefined || n * C <= coin);
  const [pick, setPick] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setPick((p) => (p !== null && affordable.includes(p) ? p : (affordable[1] ?? affordable[0] ?? null)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- affordable is a new array each render: its contents are the dependency
  }, [open, affordable.join()]);
  const poor = coin !== undefined && coin < entry;
  return (
    <Popup visible={open} onMaskClick={onClose} bodyClassName="game-sheet" destroyOnClose>
      <div className="game-sheet__title">{t('game.transferTitle')}</div>
      <div className="game-sheet__balances">
        <div>
          <span>{t('game.walletCoins')}</span>
          <b data-testid="sheet-coin">{coin === undefined ? '–' : formatCoins(coin)}</b>
        </div>
        <div>
          <span>{t('game.gameCoins')}</span>
          <b>{formatCoins(balance)}</b>
        </div>
      </div>
      {poor ? (
        <div className="game-sheet__poor">
          <p>{t('game.poor')}</p>
          <Button shape="rounded" className="brand-button" block onClick={() => navigate(PATHS.recharge)}>
            {t('recharge.goRecharge')}
          </Button>
        </div>
      ) : (
        <>
          <div className="game-sheet__choices">
            {CHOICES.map((n) => (
              <button
                type="button"
                key={n}
                className={`game-amount${pick === n ? ' is-on' : ''}`}
                disabled={!affordable.includes(n)}
                onClick={() => setPick(n)}
                data-testid={`amount-${n}`}
              >
                <b>{n}</b>
                <span>{t('game.coins')}</span>
              </button>
            ))}
          </div>
          <Button
            shape="rounded"
            className="brand-button"
            block
            disabled={pick === null}
            loading={busy}
            onClick={async () => {
              if (pick === null) return;
              setBusy(true);
              const ok = await onConfirm(pick * C);
              setBusy(false);
              if (ok) onClose();
            }}
          >
            {pick === null ? t('game.transferIn') : t('game.transferN', { n: pick })}
          </Button>
        </>
      )}
      <p className="game-sheet__note">{t('game.transferNote')}</p>
    </Popup>
  );
}

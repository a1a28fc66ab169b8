import { ENVELOPE_COUNTDOWNS, ENVELOPE_GREETING_MAX, ENVELOPE_MAX_SHARES } from '@app/contract';
import { formatMoney, MONEY_UNIT } from '@app/kit';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popup } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { envelopeCalls } from '../../../../state/queries/envelope';
import { newRequestId, setCoin, useWallet } from '../../../../state/queries/finance';

const toInt = (s: string) => (/^\d{1,9}$/.test(s) ? Number(s) : 0);

/** The send sheet: total coins, how many shares, the countdown (0/60/180 s) and a greeting. */
export function EnvelopeSendSheet({ open, roomId, onClose }: { open: boolean; roomId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const wallet = useWallet({ enabled: open });
  const [coins, setCoins] = useState('100');
  const [shares, setShares] = useState('10');
  const [countdown, setCountdown] = useState<number>(ENVELOPE_COUNTDOWNS[1]);
  const [greeting, setGreeting] = useState('');
  const [busy, setBusy] = useState(false);
  // One key per envelope the sender means: a retry of the same tap moves coins once.
  const key = useRef(newRequestId());
  const amount = toInt(coins);
  const count = toInt(shares);
  const problem =
    amount <= 0
      ? t('envelope.needAmount')
      : count <= 0 || count > ENVELOPE_MAX_SHARES
        ? t('envelope.needShares', { max: ENVELOPE_MAX_SHARES })
        : amount < count
          ? t('envelope.tooSmall')
          : null;

  const send = async () => {
    setBusy(true);
    try {
      const r = await envelopeCalls.send(
        { room_id: roomId, amount: amount * MONEY_UNIT, shares: count, countdown_s: countdown, greeting: greeting.trim() },
        key.current,
      );
      setCoin(qc, r.coin);
      key.current = newRequestId();
      onClose();
    } catch {
      // toasted by the api client (balance, limits, more shares than people…)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="room-sheet envelope-send" destroyOnClose>
      <div className="room-sheet__title">{t('envelope.sendTitle')}</div>
      <label className="envelope-send__field">
        <span>{t('envelope.total')}</span>
        <Input type="number" inputMode="numeric" value={coins} onChange={setCoins} data-testid="envelope-amount-input" aria-label={t('envelope.total')} />
        <em>{t('envelope.coins')}</em>
      </label>
      <label className="envelope-send__field">
        <span>{t('envelope.shares')}</span>
        <Input type="number" inputMode="numeric" value={shares} onChange={setShares} data-testid="envelope-shares-input" aria-label={t('envelope.shares')} />
        <em>{t('envelope.sharesUnit')}</em>
      </label>
      <div className="room-sheet__sub">{t('envelope.countdown')}</div>
      <div className="envelope-send__countdowns" role="radiogroup">
        {ENVELOPE_COUNTDOWNS.map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={countdown === s}
            data-testid={`envelope-countdown-${s}`}
            className={`envelope-send__countdown ${countdown === s ? 'envelope-send__countdown--on' : ''}`}
            onClick={() => setCountdown(s)}
          >
            {s === 0 ? t('envelope.now') : t('envelope.seconds', { n: s })}
          </button>
        ))}
      </div>
      <label className="envelope-send__field envelope-send__field--wide">
        <Input
          value={greeting}
          onChange={setGreeting}
          maxLength={ENVELOPE_GREETING_MAX}
          placeholder={t('envelope.defaultGreeting')}
          aria-label={t('envelope.greeting')}
        />
      </label>
      <div className="envelope-send__total">
        <span>{t('envelope.coinsN', { n: amount })}</span>
        {wallet.data && <small>{t('envelope.balance', { n: formatMoney(wallet.data.coin, 0) })}</small>}
      </div>
      {problem && <div className="envelope-send__problem">{problem}</div>}
      <Button block shape="rounded" className="envelope-send__go" data-testid="envelope-send" disabled={busy || problem !== null} onClick={() => void send()}>
        {t('envelope.send')}
      </Button>
      <div className="envelope-send__rules">{t('envelope.rules')}</div>
    </Popup>
  );
}

import { LUCKY_BAG_MAX_WINNERS, LUCKY_BAG_MINUTES, type LuckyBagPrize, type LuckyBagTask } from '@app/contract';
import { formatMoney, MONEY_UNIT } from '@app/kit';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popup } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCoins } from '../../../../lib/money';
import { newRequestId, setCoin, useWallet } from '../../../../state/queries/finance';
import { luckyBagCalls } from '../../../../state/queries/luckyBag';
import { useGiftName } from '../../../../state/session/giftName';
import { GiftIcon } from '../gifts/GiftIcon';
import { useRoomGifts } from '../gifts/useGiftAssets';

const toInt = (s: string) => (/^\d{1,9}$/.test(s) ? Number(s) : 0);
const TASKS: LuckyBagTask[] = ['chat', 'follow', 'fanclub'];

/** One row of choices (a radio group of pills). */
function Pills<T extends string | number>({
  name,
  items,
  value,
  label,
  onPick,
}: {
  name: string;
  items: readonly T[];
  value: T;
  label: (v: T) => string;
  onPick: (v: T) => void;
}) {
  return (
    <div className="luckybag-pills" role="radiogroup">
      {items.map((v) => (
        <button
          key={v}
          type="button"
          role="radio"
          aria-checked={value === v}
          data-testid={`luckybag-${name}-${v}`}
          className={`luckybag-pill ${value === v ? 'luckybag-pill--on' : ''}`}
          onClick={() => onPick(v)}
        >
          {label(v)}
        </button>
      ))}
    </div>
  );
}

/** The anchor's sheet: the prize (coins or a gift per winner), the task, the duration and the winners. */
export function LuckyBagCreateSheet({ open, roomId, onClose }: { open: boolean; roomId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const wallet = useWallet({ enabled: open });
  const gifts = useRoomGifts()
    .filter((g) => g.vip_min === 0 && g.price > 0)
    .slice(0, 8);
  const giftName = useGiftName();
  const [prize, setPrize] = useState<LuckyBagPrize>('coins');
  const [coins, setCoins] = useState('100');
  const [giftId, setGiftId] = useState<number | null>(null);
  const [task, setTask] = useState<LuckyBagTask>('chat');
  const [minutes, setMinutes] = useState<number>(LUCKY_BAG_MINUTES[1]);
  const [winners, setWinners] = useState('3');
  const [busy, setBusy] = useState(false);
  // One key per bag the anchor means: a retry of the same tap moves coins once.
  const key = useRef(newRequestId());
  const count = toInt(winners);
  const gift = gifts.find((g) => g.gift_id === giftId) ?? gifts[0] ?? null;
  const total = prize === 'coins' ? toInt(coins) * MONEY_UNIT : (gift?.price ?? 0) * count;
  const problem =
    count <= 0 || count > LUCKY_BAG_MAX_WINNERS
      ? t('luckyBag.needWinners', { max: LUCKY_BAG_MAX_WINNERS })
      : prize === 'coins' && toInt(coins) < count
        ? t('luckyBag.tooSmall')
        : prize === 'gift' && !gift
          ? t('luckyBag.needGift')
          : wallet.data && total > wallet.data.coin
            ? t('luckyBag.overBalance')
            : null;

  const create = async () => {
    setBusy(true);
    try {
      const draft = { room_id: roomId, prize, task, minutes, winners: count };
      const r = await luckyBagCalls.create(prize === 'coins' ? { ...draft, coins: total } : { ...draft, gift_id: gift!.gift_id }, key.current);
      setCoin(qc, r.coin);
      key.current = newRequestId();
      onClose();
    } catch {
      // toasted by the api client (balance, a bag running, limits…)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="room-sheet luckybag-create" destroyOnClose>
      <div className="room-sheet__title">{t('luckyBag.createTitle')}</div>
      <div className="room-sheet__sub">{t('luckyBag.prize')}</div>
      <Pills name="prize" items={['coins', 'gift'] as const} value={prize} label={(v) => t(`luckyBag.prizes.${v}`)} onPick={setPrize} />
      {prize === 'coins' ? (
        <label className="luckybag-field">
          <span>{t('luckyBag.total')}</span>
          <Input type="number" inputMode="numeric" value={coins} onChange={setCoins} data-testid="luckybag-coins-input" aria-label={t('luckyBag.total')} />
          <em>{t('luckyBag.coins')}</em>
        </label>
      ) : (
        <div className="luckybag-gifts">
          {gifts.map((g) => (
            <button
              key={g.gift_id}
              type="button"
              aria-pressed={gift?.gift_id === g.gift_id}
              className={`luckybag-gift ${gift?.gift_id === g.gift_id ? 'luckybag-gift--on' : ''}`}
              onClick={() => setGiftId(g.gift_id)}
            >
              <GiftIcon url={g.icon} size={36} />
              <span>{giftName(g.gift_id, g.name)}</span>
              <small>{formatCoins(g.price)}</small>
            </button>
          ))}
        </div>
      )}
      <label className="luckybag-field">
        <span>{t('luckyBag.winners')}</span>
        <Input
          type="number"
          inputMode="numeric"
          value={winners}
          onChange={setWinners}
          data-testid="luckybag-winners-input"
          aria-label={t('luckyBag.winners')}
        />
        <em>{t('luckyBag.people')}</em>
      </label>
      <div className="room-sheet__sub">{t('luckyBag.task')}</div>
      <Pills name="task" items={TASKS} value={task} label={(v) => t(`luckyBag.tasks.${v}`)} onPick={setTask} />
      <div className="room-sheet__sub">{t('luckyBag.duration')}</div>
      <Pills name="minutes" items={LUCKY_BAG_MINUTES} value={minutes} label={(v) => t('luckyBag.minutes', { n: v })} onPick={setMinutes} />
      <div className="luckybag-create__total">
        <span>{t('luckyBag.coinsN', { n: formatMoney(total, 0) })}</span>
        {wallet.data && <small>{t('luckyBag.balance', { n: formatMoney(wallet.data.coin, 0) })}</small>}
      </div>
      {problem && <div className="luckybag-create__problem">{problem}</div>}
      <Button
        block
        shape="rounded"
        className="luckybag-create__go"
        data-testid="luckybag-create"
        disabled={busy || problem !== null}
        onClick={() => void create()}
      >
        {t('luckyBag.create')}
      </Button>
      <div className="luckybag-card__rules">{t('luckyBag.createRules')}</div>
    </Popup>
  );
}

import { useCallback, useRef, useState } from 'react';
import { ErrorCode, type Gift, type GiftRecord } from '@app/contract';
import { Dialog } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../../lib/paths';
import { isApiError } from '../../../../lib/apiError';
import { showToast } from '../../../../lib/toast';
import { t } from '../../../../locale/i18n';
import { newRequestId, useSendGift } from '../../../../state/queries/finance';
import { formatCoins } from '../../../../lib/money';
import { giftCost, nextCombo, type ComboState } from './combo';

interface Options {
  roomId: number;
  toUserId: number;
  /** The spendable balance now (raw); undefined while unknown. */
  coin: number | undefined;
  onSent?: (record: GiftRecord) => void;
}

/**
 * Sending from the panel: every tap is its own send (its own request_id) and counts toward the combo
 * at once; sends still in flight are held against the balance, so fast taps cannot promise more than
 * the user has. An insufficient balance (checked here or answered by the server) offers recharge.
 */
export function useGiftSender({ roomId, toUserId, coin, onSent }: Options) {
  const navigate = useNavigate();
  const send = useSendGift();
  const [combo, setCombo] = useState<ComboState | null>(null);
  const inflight = useRef(0);

  const offerRecharge = useCallback(
    (need: number) => {
      void Dialog.confirm({
        title: t('gift.noBalance'),
        content: t('gift.noBalanceDesc', { need: formatCoins(need), have: formatCoins(Math.max(0, (coin ?? 0) - inflight.current)) }),
        confirmText: t('gift.goRecharge'),
        cancelText: t('common.cancel'),
      }).then((ok) => {
        if (ok) navigate(PATHS.recharge);
      });
    },
    [coin, navigate],
  );

  const tap = useCallback(
    (gift: Gift, count: number) => {
      const cost = giftCost(gift.price, count);
      if (cost === null) return;
      if (coin !== undefined && cost > coin - inflight.current) {
        offerRecharge(cost);
        return;
      }
      setCombo((c) => nextCombo(c, { giftId: gift.gift_id, count, now: Date.now() }));
      inflight.current += cost;
      // mutateAsync, not mutate(…, callbacks): TanStack Query calls per-call callbacks only for the
      // latest call, and fast taps overlap; every send must settle its own hold and report its record.
      send
        .mutateAsync({ request_id: newRequestId(), room_id: roomId, gift_id: gift.gift_id, count, receiver_id: toUserId })
        .then(
          (res) => onSent?.(res.record),
          (e: unknown) => {
            setCombo(null);
            if (isApiError(e) && e.code === ErrorCode.BALANCE_NOT_ENOUGH) offerRecharge(cost);
            else showToast(isApiError(e) ? e.toastText : t('error.network'), 'fail');
          },
        )
        .finally(() => {
          inflight.current -= cost;
        });
    },
    [coin, offerRecharge, onSent, roomId, send, toUserId],
  );

  return { tap, combo, resetCombo: () => setCombo(null) };
}

import { useEffect, useState } from 'react';
import type { GiftRecord } from '@app/contract';
import { formatMoney } from '@app/kit';
import { Popup } from 'antd-mobile';
import { GiftOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../../lib/paths';
import { EmptyState } from '../../../../components/EmptyState';
import { loginUrl } from '../../../../lib/nav';
import { useWallet } from '../../../../state/queries/finance';
import { useSession } from '../../../../state/session';
import { CoinIcon } from '../../../../components/icons';
import { GiftGrid } from './GiftGrid';
import { GiftSendBar } from './GiftSendBar';
import { useGiftCacheSync, useRoomGifts } from './useGiftAssets';
import { useGiftSender } from './useGiftSender';
import './gift.css';

/**
 * The room's gift panel (owned by the wallet work; the room renders it with these props). Keep the
 * props stable or change both sides together.
 */
export interface GiftPanelProps {
  open: boolean;
  onClose: () => void;
  /** The room the gift is sent in (room number). */
  roomId: number;
  /** Who receives it: the anchor by default, a co-host when one is picked. */
  toUserId: number;
  /** Optional: called with each successful send (the room's gift event echoes it too; records carry ids to dedupe). */
  onSent?: (record: GiftRecord) => void;
}

/** Gifts from the config (icon, name, price), the balance with a recharge link, count, send with combo. */
export default function GiftPanel({ open, onClose, roomId, toUserId, onSent }: GiftPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useGiftCacheSync();
  const gifts = useRoomGifts();
  const member = useSession((s) => s.token !== '' && !s.isGuest);
  const storedCoin = useSession((s) => s.userInfo?.coin);
  const wallet = useWallet({ enabled: open });
  const coin = member ? (wallet.data?.coin ?? storedCoin) : undefined;
  const [selected, setSelected] = useState<number | null>(null);
  const [count, setCount] = useState(1);
  const sender = useGiftSender({ roomId, toUserId, coin, onSent });
  const gift = gifts.find((g) => g.gift_id === selected) ?? null;

  useEffect(() => {
    if (selected === null && gifts.length > 0) setSelected(gifts[0]!.gift_id);
  }, [gifts, selected]);

  const pick = (id: number) => {
    setSelected(id);
    sender.resetCombo();
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="gift-panel" maskStyle={{ background: 'rgba(0,0,0,.15)' }}>
      <div className="gift-panel__inner" data-testid="gift-panel">
        <div className="gift-panel__head">
          <span className="gift-panel__title">{t('gift.title')}</span>
          {member && (
            <button type="button" className="gift-panel__balance" onClick={() => navigate(PATHS.recharge)}>
              <CoinIcon size={15} />
              <span data-testid="gift-balance">{coin === undefined ? '--' : formatMoney(coin)}</span>
              <span className="gift-panel__recharge">
                {t('gift.recharge')}
                <RightOutline />
              </span>
            </button>
          )}
        </div>
        {gifts.length === 0 ? <EmptyState icon={<GiftOutline />} title={t('gift.none')} /> : <GiftGrid gifts={gifts} selected={selected} onPick={pick} />}
        <div className="gift-panel__foot">
          {member ? (
            <GiftSendBar
              count={count}
              onCount={(n) => {
                setCount(n);
                sender.resetCombo();
              }}
              combo={sender.combo}
              disabled={!gift || toUserId <= 0}
              onSend={() => gift && sender.tap(gift, count)}
            />
          ) : (
            <button type="button" className="gift-send__btn gift-send__btn--wide" onClick={() => navigate(loginUrl())}>
              {t('gift.loginToSend')}
            </button>
          )}
        </div>
      </div>
    </Popup>
  );
}

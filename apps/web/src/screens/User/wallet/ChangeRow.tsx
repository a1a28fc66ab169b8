import type { ReactNode } from 'react';
import type { MoneyChange, MoneyChangeType } from '@app/contract';
import { formatDateCN, formatMoney } from '@app/kit';
import {
  CalendarOutline,
  CheckShieldOutline,
  GiftOutline,
  PayCircleOutline,
  PlayOutline,
  RedoOutline,
  SetOutline,
  SmileOutline,
  TransportQRcodeOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { SwapIcon } from '../../../components/icons';
import { currentLang } from '../../../locale/i18n';
import { recordText } from '../../../locale/serverText';
import { useSession } from '../../../state/session';
import { signedMoney } from './money';

/** Icon and tile colour per kind of movement. */
const LOOK: Record<MoneyChangeType, { icon: ReactNode; tone: string }> = {
  recharge: { icon: <PayCircleOutline />, tone: 'recharge' },
  recharge_bonus: { icon: <PayCircleOutline />, tone: 'recharge' },
  gift: { icon: <GiftOutline />, tone: 'gift' },
  gift_fee: { icon: <GiftOutline />, tone: 'fee' },
  collect: { icon: <CheckShieldOutline />, tone: 'earn' },
  exchange: { icon: <SwapIcon />, tone: 'exchange' },
  exchange_fee: { icon: <SwapIcon />, tone: 'fee' },
  withdraw_freeze: { icon: <TransportQRcodeOutline />, tone: 'withdraw' },
  withdraw_payout: { icon: <TransportQRcodeOutline />, tone: 'withdraw' },
  withdraw_fee: { icon: <TransportQRcodeOutline />, tone: 'fee' },
  withdraw_refund: { icon: <RedoOutline />, tone: 'withdraw' },
  recharge_refund: { icon: <RedoOutline />, tone: 'fee' },
  check_in: { icon: <CalendarOutline />, tone: 'checkin' },
  video_buy: { icon: <PlayOutline />, tone: 'gift' },
  video_fee: { icon: <PlayOutline />, tone: 'fee' },
  game_in: { icon: <SmileOutline />, tone: 'exchange' },
  game_out: { icon: <SmileOutline />, tone: 'earn' },
  adjust: { icon: <SetOutline />, tone: 'fee' },
  envelope_send: { icon: <GiftOutline />, tone: 'gift' },
  envelope_grab: { icon: <GiftOutline />, tone: 'earn' },
  envelope_refund: { icon: <RedoOutline />, tone: 'withdraw' },
  luckybag_in: { icon: <GiftOutline />, tone: 'gift' },
  luckybag_win: { icon: <GiftOutline />, tone: 'earn' },
  luckybag_refund: { icon: <RedoOutline />, tone: 'withdraw' },
};

/** One wallet record: what it was, when (China time), the signed amount coloured, the balance after. */
export function ChangeRow({ c }: { c: MoneyChange }) {
  const { t } = useTranslation();
  const gifts = useSession((s) => s.roomGiftList);
  const look = LOOK[c.type];
  const sub = recordText(c, t, gifts, currentLang());
  return (
    <div className="w-row" data-testid="change-row" data-type={c.type}>
      <span className={`w-row__icon w-row__icon--${look.tone}`}>{look.icon}</span>
      <div className="w-row__main">
        <div className="w-row__title">
          {t(`wallet.type.${c.type}`)}
          {c.account !== 'coin' && <span className="w-acct">{t(`wallet.account.${c.account}`)}</span>}
        </div>
        {sub && <div className="w-row__sub">{sub}</div>}
        <div className="w-row__time">{formatDateCN(c.created_at, 'YYYY-MM-DD HH:mm:ss')}</div>
      </div>
      <div className="w-row__side">
        <div className={`w-amount ${c.amount >= 0 ? 'w-amount--in' : 'w-amount--out'}`} data-testid="change-amount">
          {signedMoney(c.amount)}
        </div>
        <div className="w-row__time">{t('wallet.balanceAfter', { n: formatMoney(c.balance) })}</div>
      </div>
    </div>
  );
}

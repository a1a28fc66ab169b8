import type { GiftRecord } from '@app/contract';
import { formatDateCN, formatMoney } from '@app/kit';
import { useTranslation } from 'react-i18next';
import { GuardedImage } from '../../../components/GuardedImage';
import { UserAvatar } from '../../../components/UserAvatar';
import { useGiftName } from '../../../state/session/giftName';

/** A received (or sent) gift: who, which gift × count, when, and what it earned. */
export function GiftRow({ g, direction = 'received' }: { g: GiftRecord; direction?: 'received' | 'sent' }) {
  const { t } = useTranslation();
  const giftName = useGiftName();
  const other = direction === 'received' ? g.sender : g.receiver;
  return (
    <div className="w-row gift-row" data-testid="gift-row">
      <UserAvatar src={other.avatar} size={42} />
      <div className="w-row__main">
        <div className="w-row__title">{other.nickname}</div>
        <div className="w-row__sub">
          {t(direction === 'received' ? 'shouyi.sentYou' : 'shouyi.youSent', { gift: giftName(g.gift_id, g.gift_name), count: g.count })}
        </div>
        <div className="w-row__time">{formatDateCN(g.created_at, 'YYYY-MM-DD HH:mm')}</div>
      </div>
      <div className="w-row__side gift-row__side">
        <GuardedImage className="gift-row__icon" src={g.gift_icon} width={34} height={34} />
        <div className={`w-amount ${direction === 'received' ? 'w-amount--in' : 'w-amount--out'}`}>
          {direction === 'received' ? `+${formatMoney(g.earning)}` : `−${formatMoney(g.total)}`}
        </div>
      </div>
    </div>
  );
}

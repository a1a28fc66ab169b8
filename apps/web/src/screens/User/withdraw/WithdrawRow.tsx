import type { Withdrawal, WithdrawStatus } from '@app/contract';
import { formatDateCN, formatMoney, maskText } from '@app/kit';
import { useTranslation } from 'react-i18next';
import { formatFen } from '../wallet/money';
import { PlatformMark } from './PlatformMark';
import { StatusChip, type ChipTone } from '../wallet/StatusChip';

const TONE: Record<WithdrawStatus, ChipTone> = { pending: 'wait', approved: 'ok', rejected: 'bad' };

/** One withdrawal: amount, where to (masked account), fee, payout, status, and the reason when rejected. */
export function WithdrawRow({ w }: { w: Withdrawal }) {
  const { t } = useTranslation();
  return (
    <div className="w-row wd-row" data-testid="withdraw-row" data-status={w.status}>
      <PlatformMark platform={w.platform} small />
      <div className="w-row__main">
        <div className="w-row__title">
          {t(`withdraw.platform.${w.platform}`)} <span className="wd-row__acct">{maskText(w.account)}</span>
        </div>
        <div className="w-row__sub">
          {w.status === 'rejected' ? t('withdraw.refunded') : t('withdraw.feeLine', { fee: formatMoney(w.fee), payout: formatFen(w.payout_fen) })}
        </div>
        {w.status === 'rejected' && w.reason && <div className="wd-row__reason">{t('withdraw.reason', { reason: w.reason })}</div>}
        <div className="w-row__time">{formatDateCN(w.reviewed_at ?? w.created_at, 'YYYY-MM-DD HH:mm')}</div>
      </div>
      <div className="w-row__side">
        <div className="w-amount w-amount--out">−{formatMoney(w.amount)}</div>
        <StatusChip tone={TONE[w.status]}>{t(`withdraw.status.${w.status}`)}</StatusChip>
      </div>
    </div>
  );
}

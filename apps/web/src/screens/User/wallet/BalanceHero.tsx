import type { ReactNode } from 'react';
import { formatMoney } from '@app/kit';
import { CoinIcon } from '../../../components/icons';

interface Props {
  label: ReactNode;
  /** Raw amount (× 10000); undefined while loading. */
  amount: number | undefined;
  testId?: string;
  /** Under the amount (a hint or secondary balances). */
  footer?: ReactNode;
  /** Right side (an action). */
  action?: ReactNode;
  tone?: 'gold' | 'rose';
}

/** The big balance card at the top of wallet screens: a dark card with a gold amount. */
export function BalanceHero({ label, amount, testId, footer, action, tone = 'gold' }: Props) {
  return (
    <section className={`balance-hero balance-hero--${tone}`}>
      <div className="balance-hero__glow" aria-hidden />
      <div className="balance-hero__row">
        <div className="balance-hero__main">
          <div className="balance-hero__label">{label}</div>
          <div className="balance-hero__amount">
            <CoinIcon size={26} />
            <span data-testid={testId}>{amount === undefined ? '--' : formatMoney(amount)}</span>
          </div>
        </div>
        {action}
      </div>
      {footer && <div className="balance-hero__footer">{footer}</div>}
    </section>
  );
}

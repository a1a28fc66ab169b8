import { useRef, useState } from 'react';
import type { WalletRules } from '@app/contract';
import { formatMoney } from '@app/kit';
import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { newRequestId } from '../../../state/queries/finance';
import { useExchange } from '../../../state/queries/financeEarnings';
import { parseAmount, sanitizeAmountInput } from '../wallet/amount';
import { CoinIcon, SwapIcon } from '../../../components/icons';

/** Coins credited for `raw` earnings at `rateBp` (rounded down: the platform never credits a fraction it does not hold). */
export const coinsFor = (raw: number, rateBp: number): number => Number((BigInt(raw) * BigInt(rateBp)) / 10000n);

/** Exchange collected earnings into coins: amount (or all), the coins it gives at the current rate, submit. */
export function ExchangeForm({ available, rules }: { available: number; rules: WalletRules }) {
  const { t } = useTranslation();
  const exchange = useExchange();
  const [text, setText] = useState('');
  const key = useRef(newRequestId());
  const parsed = parseAmount(text, { max: available });
  const coins = parsed.ok ? coinsFor(parsed.raw, rules.exchange_rate_bp) : 0;
  const error = text === '' || parsed.ok ? '' : t(`exchange.error.${parsed.error}`);

  const submit = () => {
    if (!parsed.ok) return;
    exchange.mutate(
      { request_id: key.current, amount: parsed.raw },
      {
        onSuccess: (res) => {
          key.current = newRequestId();
          setText('');
          showToast(t('exchange.done', { n: formatMoney(res.coin) }), 'success');
        },
      },
    );
  };

  return (
    <section className="card w-card ex-form">
      <div className="ex-form__flow">
        <div className="ex-form__side">
          <span>{t('exchange.from')}</span>
          <b data-testid="exchange-available">{formatMoney(available)}</b>
        </div>
        <span className="ex-form__arrow">
          <SwapIcon />
        </span>
        <div className="ex-form__side ex-form__side--to">
          <span>{t('exchange.to')}</span>
          <b>
            <CoinIcon size={16} /> {formatMoney(coins)}
          </b>
        </div>
      </div>
      <div className="wd-amount">
        <div className="wd-amount__row">
          <Input name="amount" inputMode="decimal" value={text} onChange={(v) => setText(sanitizeAmountInput(v))} placeholder={t('exchange.placeholder')} />
          <button type="button" className="wd-amount__all" onClick={() => setText(formatMoney(available))}>
            {t('withdraw.all')}
          </button>
        </div>
        <div className={`wd-amount__hint ${error ? 'wd-amount__hint--bad' : ''}`}>
          {error || t('exchange.rate', { n: formatMoney(coinsFor(10000, rules.exchange_rate_bp)) })}
        </div>
      </div>
      <Button block shape="rounded" className="brand-button" disabled={!parsed.ok || coins <= 0} loading={exchange.isPending} onClick={submit}>
        {t('exchange.submit')}
      </Button>
    </section>
  );
}
